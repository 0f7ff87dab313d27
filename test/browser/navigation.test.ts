import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";

let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
  await createUser(world.app, { email: "pat@example.com", role: "ADMIN", fullName: "Pat Phone" });
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world);
  await loginThroughForm(carrier.page, "carl@example.com");
  await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(carrier.errors).toEqual([]);
  await world?.close();
});

async function landsOn(page: Page, from: string, expected: string) {
  await page.goto(from);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected);
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).first();

describe("guards and redirects", () => {
  it("sends anonymous visitors of guarded paths to /login", async () => {
    const { page, context } = await openTab(world);
    for (const path of [
      "/admin/ila/load",
      "/admin/my-profile",
      "/carrier/carrier-portal/active-offers",
      "/support-hub",
    ]) {
      await landsOn(page, path, "/login");
    }
    await context.close();
  });

  it("shows 'Cargando...' while the session loads", async () => {
    const { page, context } = await openTab(world);
    const token = await admin.page.evaluate(() => window.localStorage.getItem("accessToken"));
    await page.goto("/login");
    await page.evaluate((stored) => {
      window.localStorage.setItem("accessToken", stored ?? "");
      window.localStorage.setItem("userRole", "ADMIN");
    }, token);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/graphql", async (route) => {
      if (route.request().postData()?.includes("AppLayoutQuery")) await held;
      await route.continue();
    });
    await page.goto("/admin/ila/routing");
    await page.getByText("Cargando...").waitFor();
    release();
    await page.getByRole("heading", { name: "ILA / Routing" }).waitFor();
    await context.close();
  });

  it("sends signed-in visitors of public pages home by role", async () => {
    for (const path of ["/", "/login", "/signup", "/forgot-password", "/unsupported-email"]) {
      await landsOn(admin.page, path, "/admin/ila/load");
      await landsOn(carrier.page, path, "/carrier/carrier-portal/active-offers");
    }
  });

  it("moves an ADMIN from /carrier/... to the same path under /admin", async () => {
    await landsOn(admin.page, "/carrier/my-profile", "/admin/my-profile");
    await landsOn(
      admin.page,
      "/carrier/carrier-portal/active-offers?tab=1",
      "/admin/carrier-portal/active-offers?tab=1",
    );
    await landsOn(admin.page, "/carrier", "/admin/ila/load");
  });

  it("sends a carrier away from operator paths", async () => {
    for (const path of [
      "/admin/ila/load",
      "/admin/my-profile",
      "/admin",
      "/support-hub",
      "/workspace-control",
    ]) {
      await landsOn(carrier.page, path, "/carrier/carrier-portal/active-offers");
    }
  });
});

describe("route table", () => {
  const adminScreens: [string, string][] = [
    ["/admin/ila/load", "ILA / Load"],
    ["/admin/ila/load/LD-100", "ILA / Load / LD-100"],
    ["/admin/ila/load/manual-assignment/CR-7", "ILA / Load / Load Manual Assignment"],
    ["/admin/ila/routing", "ILA / Routing"],
    ["/admin/ila/routing/RT-1", "ILA / Routing / RT-1"],
    ["/admin/ila/carriers", "ILA / Carrier /"],
    ["/admin/ila/carriers/CR-7", "Carrier Detail #CR-7"],
    ["/admin/ila/tracking", "ILA / Tracking"],
    ["/admin/ila/tracking/RT-1", "ILA / Tracking / RT-1"],
    ["/admin/ila/billing", "ILA / Billing"],
    ["/admin/ila/billing/accounts-receivable/INV-1", "ILA / Billing / Accounts Receivable / INV-1"],
    ["/admin/ila/billing/accounts-payable/BILL-1", "ILA / Billing / Accounts Payable / BILL-1"],
    ["/admin/carrier-portal/active-offers", "Carrier Portal / Active Offers"],
    [
      "/admin/carrier-portal/active-offers/LD-100/bidders",
      "Carrier Portal / Active Offers / LD-100 / Bidders",
    ],
    ["/admin/carrier-portal/history-logs", "Carrier Portal / History Logs"],
    ["/admin/my-profile", "My Account"],
    ["/support-hub", "Support Hub"],
    ["/workspace-control", "Workspace Control"],
  ];
  const carrierScreens: [string, string][] = [
    ["/carrier/carrier-portal/active-offers", "Carrier Portal / Active Offers"],
    ["/carrier/carrier-portal/confirm-details/LD-100", "Confirm Details for Load #LD-100"],
    ["/carrier/carrier-portal/history-wins", "Carrier Portal / History Wins"],
    ["/carrier/carrier-portal/my-bills", "Carrier Portal / My Bills"],
    ["/carrier/my-profile", "My Account"],
  ];

  // One test per screen: on a busy 2-core CI runner a screen with its axe run took 3-7 s, and 18 of
  // them in one test outgrew its minute.
  it.each(adminScreens)("has the admin screen %s", async (path, title) => {
    await admin.page.goto(path);
    await admin.page.getByRole("heading", { name: title, exact: true }).waitFor();
    expect(new URL(admin.page.url()).pathname).toBe(path);
    // Every screen names the browser tab after its title, most specific part first.
    const lastPart = title
      .split("/")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    await expect.poll(() => admin.page.title()).toMatch(new RegExp(`^${lastPart} · .*Freightway$`));
    await admin.page.getByRole("progressbar").waitFor({ state: "detached" });
    await expectAccessible(admin.page, path);
  });

  it.each(carrierScreens)("has the carrier screen %s", async (path, title) => {
    await carrier.page.goto(path);
    await carrier.page.getByRole("heading", { name: title, exact: true }).waitFor();
    await expect.poll(() => carrier.page.title()).toMatch(/ · Freightway$/);
    await carrier.page.getByRole("progressbar").waitFor({ state: "detached" });
    await expectAccessible(carrier.page, path);
  });

  it("shows a not-found panel for unknown paths", async () => {
    await admin.page.goto("/admin/nowhere");
    await admin.page.getByRole("heading", { name: "Page not found" }).waitFor();
    const { page, context } = await openTab(world);
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByTestId("not-found").getByText("Freightway").waitFor();
    await expect(page.title()).resolves.toBe("Page not found · Freightway");
    await expectAccessible(page, "404");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });
});

describe("layout", () => {
  it("gives operators the ILA and Carrier Portal groups and carriers theirs", async () => {
    await admin.page.goto("/admin/ila/load");
    const adminNav = admin.page.getByRole("navigation", { name: "Main navigation" });
    for (const item of [
      "Load",
      "Routing",
      "Carriers",
      "Tracking",
      "Billing",
      "Active Offers",
      "History Logs",
    ]) {
      await adminNav.getByRole("link", { name: item, exact: true }).waitFor();
    }
    await adminNav.getByText("ILA", { exact: true }).waitFor();
    await adminNav.getByText("Carrier Portal", { exact: true }).waitFor();
    await adminNav.getByRole("link", { name: "Routing" }).click();
    await admin.page.waitForURL("**/admin/ila/routing");
    await adminNav.locator('a[aria-current="page"]', { hasText: "Routing" }).waitFor();
    await admin.page.getByText("last update: just now").filter({ visible: true }).waitFor();
    await admin.page.getByRole("search").getByLabel("Search", { exact: true }).waitFor();

    await carrier.page.goto("/carrier/carrier-portal/active-offers");
    const carrierNav = carrier.page.getByRole("navigation", { name: "Main navigation" });
    await carrierNav.getByRole("link", { name: "History Wins" }).click();
    await carrier.page.waitForURL("**/carrier/carrier-portal/history-wins");
    await carrierNav.locator('a[aria-current="page"]', { hasText: "History Wins" }).waitFor();
    const carrierItems = await carrierNav.getByRole("link").allTextContents();
    expect(carrierItems.filter((text) => text !== "Freightway")).toEqual([
      "Active Offers",
      "History Wins",
      "My Bills",
    ]);
  });

  it("opens My Profile by role from the user menu", async () => {
    await admin.page.getByRole("button", { name: "Account menu for Ada Admin" }).click();
    await admin.page.getByRole("menuitem", { name: "My Profile" }).click();
    await admin.page.waitForURL("**/admin/my-profile");
    await carrier.page.getByRole("button", { name: "Account menu for Carl Carrier" }).click();
    await carrier.page.getByRole("menuitem", { name: "My Profile" }).click();
    await carrier.page.waitForURL("**/carrier/my-profile");
  });

  it("fits a 1366x768 screen", async () => {
    await admin.page.goto("/admin/my-profile");
    await heading(admin.page).waitFor();
    expect(await horizontalOverflow(admin.page)).toBeLessThanOrEqual(0);
  });

  it("turns the sidebar into a drawer on a 390x844 phone", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "pat@example.com");
    await phone.page.waitForURL("**/admin/ila/load");
    await heading(phone.page).waitFor();
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    const nav = phone.page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.isVisible()).resolves.toBe(false);
    await phone.page.getByRole("button", { name: "Open navigation" }).click();
    await nav.getByRole("link", { name: "Billing" }).click();
    await phone.page.waitForURL("**/admin/ila/billing");
    await nav.waitFor({ state: "hidden" });
    await phone.page.getByText("last update: just now").filter({ visible: true }).waitFor();
    await phone.page.goto("/admin/my-profile");
    await phone.page.getByRole("button", { name: "Save changes" }).waitFor();
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.getByRole("button", { name: /Notifications/ }).click();
    await phone.page.getByText("No hay notificaciones nuevas").waitFor();
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
