import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_RECEIVED } from "../../common/contact.ts";
import { createUser } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
} from "../support/browser.ts";

let world: BrowserWorld;
beforeAll(async () => {
  world = await startBrowserWorld();
});
afterAll(() => world?.close());

describe("landing page", () => {
  it("has every section, anchor and text the spec lists", async () => {
    const { page, errors, context } = await openTab(world);
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.goto("/");
    await page.locator("#testimonials").waitFor();
    // The signed-in areas and the auth forms are separate downloads.
    const areaCode = /AppLayout|Route-|LoginPage|SignupPage|ContactForm/;
    expect(scripts.filter((url) => areaCode.test(url))).toEqual([]);
    for (const anchor of ["top", "about-us", "carrier", "services", "contact", "testimonials"]) {
      await expect(page.locator(`#${anchor}`).count()).resolves.toBe(1);
    }
    const hero = page.locator("#top");
    await expect(hero.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(
      /keeping the country moving/i,
    );
    await expect(hero.getByText("More than 1,000 shipments daily").count()).resolves.toBe(1);
    await expect(hero.getByText("Over 900,000 trucking companies").count()).resolves.toBe(1);

    await expect(page.locator("#carrier").textContent()).resolves.toMatch(/marketplace of opportunity/i);
    const features = await page.getByTestId("carrier-feature").allInnerTexts();
    expect(features).toHaveLength(6);
    for (const title of [
      "Load assignment",
      "Route optimization",
      "Prime carrier access with bidding",
      "Real-time tracking",
      "Mobile app for carriers",
      "Secure billing and payments",
    ]) {
      expect(features.some((text) => text.startsWith(title))).toBe(true);
    }
    const equipment = await page.getByTestId("equipment-type").allInnerTexts();
    expect(equipment.map((text) => text.split("\n")[0])).toEqual([
      "Dry Van",
      "Flatbed",
      "Heavy-Haul",
      "Refrigerated",
      "High-Value",
      "Intermodal",
    ]);
    const testimonials = page.getByTestId("testimonial");
    await expect(testimonials.count()).resolves.toBe(2);
    await expect(
      page.locator("#testimonials").getByRole("img", { name: "5 out of 5 stars" }).count(),
    ).resolves.toBe(2);

    const footer = page.locator("footer");
    for (const link of ["Home", "About Us", "Carrier", "Services", "Contact"]) {
      await expect(footer.getByRole("link", { name: link, exact: true }).count()).resolves.toBe(1);
    }
    for (const link of ["Cookie Policy", "Privacy Policy", "Terms & Conditions", "FAQ", "Pricing"]) {
      await expect(footer.getByRole("button", { name: link }).count()).resolves.toBe(1);
    }
    await footer.getByRole("button", { name: "Privacy Policy" }).click();
    await page.getByRole("dialog", { name: "Privacy Policy" }).waitFor();
    await page.getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog", { name: "Privacy Policy" }).waitFor({ state: "hidden" });

    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await footer.getByRole("link", { name: "Services", exact: true }).click();
    await page.waitForFunction(() => window.location.hash === "#services");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is in the served HTML before any script runs, then hydrates within 150 kB of JavaScript", async () => {
    const scriptless = await world.browser.newContext({ baseURL: world.baseUrl, javaScriptEnabled: false });
    const bare = await scriptless.newPage();
    await bare.goto("/");
    await expect(bare.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(
      /keeping the country moving/i,
    );
    await expect(bare.locator("#carrier").textContent()).resolves.toMatch(/marketplace of opportunity/i);
    await expect(bare.getByTestId("testimonial").count()).resolves.toBe(2);
    await scriptless.close();

    const { page, errors, context } = await openTab(world);
    const transfers: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      transfers.push(request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize));
    });
    await page.goto("/", { waitUntil: "networkidle" });
    const bytes = (await Promise.all(transfers)).reduce((sum, size) => sum + size, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(150 * 1024);
    // Hydrated: the phone menu and the footer's dialogs answer clicks; no hydration mismatch was logged.
    await page.locator("footer").getByRole("button", { name: "FAQ" }).click();
    await page.getByRole("dialog", { name: "FAQ" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a signed-in visitor of / to their area", async () => {
    const { page, context } = await openTab(world);
    const admin = await createUser(world.app, { email: "landing-admin@example.com", role: "ADMIN" });
    await loginThroughForm(page, admin.email);
    await page.waitForURL("**/admin/**");
    await page.goto("/");
    await page.waitForURL("**/admin/ila/load");
    await context.close();
  });

  it("Learn More and Ride With Us lead to login", async () => {
    const { page, context } = await openTab(world);
    await page.goto("/");
    await page.getByRole("link", { name: "Learn More" }).click();
    await page.waitForURL("**/login");
    await page.goto("/");
    await page.getByRole("link", { name: "Ride With Us" }).click();
    await page.waitForURL("**/login");
    await context.close();
  });

  it("sends the contact form, confirms it, and shows it to operators", async () => {
    const { page, errors, context } = await openTab(world);
    await page.goto("/#contact");
    const form = page.getByRole("form", { name: "Contact us" });
    await form.getByRole("button", { name: "Submit" }).click();
    await form.getByText("Email is required").waitFor();
    await form.getByText("Name is required").waitFor();
    await form.getByText("Message is required").waitFor();
    await form.getByLabel("Email").fill("shipper@example.com");
    await form.getByLabel("Name").fill("Sam Shipper");
    await form.getByLabel("Message").fill("We ship 20 reefers a week out of Dallas.");
    await form.getByLabel("Message").press("Tab");
    await form.getByRole("button", { name: "Submit" }).press("Enter");
    await form.getByText(CONTACT_RECEIVED).waitFor();
    await expect(form.getByLabel("Email").inputValue()).resolves.toBe("");
    const stored = await world.app.deps.db.contactMessage.findFirstOrThrow({
      where: { email: "shipper@example.com" },
    });
    expect(stored.message).toBe("We ship 20 reefers a week out of Dallas.");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a 390 px phone", async () => {
    const { page, context } = await openTab(world, PHONE);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "landing on a phone");
    await page.getByRole("button", { name: "Open sections menu" }).click();
    await page.getByRole("link", { name: "Testimonials" }).click();
    await page.waitForFunction(() => window.location.hash === "#testimonials");
    await context.close();
  });
});
