import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
import { type BrowserWorld, openTab, startBrowserWorld } from "../support/browser.ts";
import { biddableLoad } from "../support/offers.ts";

let world: BrowserWorld;
let adminToken: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "first@example.com", role: "ADMIN" });
  await biddableLoad(world.app, 48);
  adminToken = (await loginAs(world.app, "first@example.com")).token;
});
afterAll(async () => {
  await world?.close();
});

const operationOf = (request: Request) => /"operationName":"(\w+)"/.exec(request.postData() ?? "")?.[1];

/** A cold tab already signed in (as after a sign-in, then a reload). */
async function signedInTab(token: string, role: string) {
  const tab = await openTab(world);
  await tab.context.addInitScript(
    ([token, role]) => {
      window.localStorage.setItem("accessToken", token);
      window.localStorage.setItem("userRole", role);
    },
    [token, role],
  );
  return tab;
}

/** Holds back responses whose request matches until `release()`. */
async function holdBack(page: Page, matches: (request: Request) => boolean) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*", async (route) => {
    if (matches(route.request())) await released;
    await route.fallback();
  });
  return release;
}

describe("the first screen", () => {
  it("sends the load list's query while the screen's code is still on its way, and only once", async () => {
    const { page, errors } = await signedInTab(adminToken, "ADMIN");
    const queries: string[] = [];
    page.on("request", (request) => {
      const operation = operationOf(request);
      if (operation) queries.push(operation);
    });
    const release = await holdBack(page, (request) =>
      /\/assets\/(admin-home|LoadListRoute)-/.test(request.url()),
    );
    await page.goto("/admin/ila/load");
    await expect.poll(() => queries, { timeout: 15_000 }).toContain("LoadListPageQuery");
    release();
    await page.getByRole("table", { name: "Loads" }).getByRole("row").nth(1).waitFor();
    expect(queries.filter((name) => name === "LoadListPageQuery")).toHaveLength(1);
    expect(queries.filter((name) => name === "AppLayoutQuery")).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("shows the frame before the session check answers", async () => {
    const { page, errors } = await signedInTab(adminToken, "ADMIN");
    const release = await holdBack(page, (request) => operationOf(request) === "AppLayoutQuery");
    await page.goto("/admin/ila/load");
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor({ timeout: 15_000 });
    release();
    await page.getByRole("table", { name: "Loads" }).getByRole("row").nth(1).waitFor();
    expect(errors).toEqual([]);
  });
});
