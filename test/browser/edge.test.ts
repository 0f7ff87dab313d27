import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs, rest } from "../support/app.ts";
import { type BrowserWorld, loginThroughForm, openTab, startBrowserWorld } from "../support/browser.ts";

let world: BrowserWorld;
beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops Operator" });
  await createUser(world.app, { email: "desk@example.com", role: "ADMIN", fullName: "Desk Operator" });
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
});
afterAll(() => world?.close());

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = window as unknown as { cspViolations: string[] };
    seen.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe("the app under the Content-Security-Policy", () => {
  it("runs the landing page, sign-in and the operator's screens without a violation", async () => {
    const { page, errors, context } = await openTab(world);
    const violations = await watchCsp(page);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await violations()).toEqual([]);
    await loginThroughForm(page, "ops@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.getByRole("table").first().waitFor();
    for (const path of ["/admin/ila/routing", "/admin/ila/tracking", "/admin/ila/billing"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await violations(), path).toEqual([]);
    }
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    await context.close();
  });
});

describe("the API docs", () => {
  it("render and open operations under the Content-Security-Policy, from this server only", async () => {
    const { page, errors, context } = await openTab(world);
    const violations = await watchCsp(page);
    const offsite: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(world.baseUrl)) offsite.push(request.url());
    });
    await page.goto("/api/docs");
    await page.getByText("Freightway REST API").first().waitFor();
    await page.locator(".opblock-summary-path", { hasText: "/api/auth/login" }).first().waitFor();
    // Operations open (their schemas render), and the sign-in scheme is offered.
    await page.locator(".opblock-summary-path", { hasText: "/api/auth/login" }).first().click();
    await page.getByText("Request body").first().waitFor();
    await page
      .getByRole("button", { name: /Authorize/ })
      .first()
      .waitFor();
    expect(await violations()).toEqual([]);
    expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    expect(offsite).toEqual([]);
    await context.close();
  });
});

describe("GraphiQL for support staff", () => {
  it("loads offline for an operator signed in by cookie, runs a query and a subscription", async () => {
    const { page, context } = await openTab(world);
    const violations = await watchCsp(page);
    const offsite: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(world.baseUrl) && !request.url().startsWith("ws://")) {
        offsite.push(request.url());
      }
    });
    await loginThroughForm(page, "ops@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.goto("/graphql");
    await page.getByRole("button", { name: /Execute query/i }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: /Execute query/i }).click();
    await expect.poll(() => page.locator(".graphiql-response").innerText()).toContain("ops@example.com");

    // A subscription over graphql-ws, signed in by the same cookie: an event reaches the page.
    await expect
      .poll(async () => {
        await page.locator(".graphiql-query-editor .view-lines").click();
        await page.keyboard.press("ControlOrMeta+A");
        await page.keyboard.insertText("subscription Live { carrierChanged { carrierName } }");
        // Monaco draws spaces as no-break spaces.
        return (await page.locator(".graphiql-query-editor .view-lines").innerText())
          .replace(/\s+/g, " ")
          .trim();
      })
      .toBe("subscription Live { carrierChanged { carrierName } }");
    // GraphiQL takes the operation's name from the editor after a debounce: on a busy machine a
    // click right after typing still names the old operation ("Cannot infer operation Me"), which
    // a person would answer by clicking again.
    const response = page.locator(".graphiql-response");
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.waitForTimeout(500);
      await page.getByRole("button", { name: /Execute query/i }).click();
      await page.waitForTimeout(1500);
      if (!(await response.innerText()).includes("Cannot infer operation")) break;
    }
    // Another operator makes the change (signing in as the same one would replace the page's session).
    const admin = await loginAs(world.app, "desk@example.com");
    await expect
      .poll(async () => {
        const created = await rest(
          world.app,
          "POST",
          "/carriers",
          {
            carrierName: `Live Freight ${Date.now()}`,
            dotNumber: String(1_000_000 + Math.floor(Math.random() * 8_000_000)),
            mcNumber: `MC-${100_000 + Math.floor(Math.random() * 800_000)}`,
            type: "Trucking",
            contact: "Lena Live",
            phone: "2015550123",
            email: `dispatch${Date.now()}@livefreight.example`,
          },
          { token: admin.token },
        );
        expect(created.status).toBe(201);
        return (await page.locator(".graphiql-response").innerText()).replace(/\s+/g, " ");
      })
      .toContain("Live Freight");
    expect(await violations()).toEqual([]);
    expect(offsite).toEqual([]);
    await context.close();
  });

  it("tells a carrier and an anonymous visitor that it is for operators", async () => {
    const { page, context } = await openTab(world);
    const anonymous = await page.goto("/graphql");
    expect(anonymous?.status()).toBe(401);
    await page.getByText("GraphiQL is for Freightway operators.").waitFor();
    await loginThroughForm(page, "carl@example.com");
    await page.waitForURL("**/carrier/**");
    const carrier = await page.goto("/graphql");
    expect(carrier?.status()).toBe(403);
    await page.getByText("Your account cannot use it").waitFor();
    await context.close();
  });
});
