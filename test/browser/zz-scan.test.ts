import { afterAll, beforeAll, it } from "vitest";
import { createUser } from "../support/app.ts";
import { axeViolations } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
} from "../support/browser.ts";

let world: BrowserWorld;
beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
});
afterAll(async () => world?.close());

const admin = [
  "/admin/ila/load",
  "/admin/ila/load/LD-1",
  "/admin/ila/load/manual-assignment/CR-7",
  "/admin/ila/routing",
  "/admin/ila/routing?view=nass",
  "/admin/ila/routing/RT-1",
  "/admin/ila/carriers",
  "/admin/ila/carriers/CR-7",
  "/admin/ila/tracking",
  "/admin/ila/tracking/RT-1",
  "/admin/ila/billing",
  "/admin/ila/billing/accounts-receivable/INV-1",
  "/admin/carrier-portal/active-offers",
  "/admin/carrier-portal/active-offers/LD-1/bidders",
  "/admin/carrier-portal/history-logs",
  "/admin/my-profile",
  "/support-hub",
  "/workspace-control",
  "/admin/nowhere",
];
const carrier = [
  "/carrier/carrier-portal/active-offers",
  "/carrier/carrier-portal/confirm-details/LD-1",
  "/carrier/carrier-portal/history-wins",
  "/carrier/my-profile",
];
const pub = ["/", "/login", "/signup", "/forgot-password", "/unsupported-email", "/nope"];

it("scans", async () => {
  for (const viewport of [undefined, PHONE]) {
    const anon = await openTab(world, viewport);
    for (const path of pub) {
      await anon.page.goto(path);
      await anon.page.waitForTimeout(800);
      const v = await axeViolations(anon.page);
      console.log(
        viewport ? "PHONE" : "DESK",
        path,
        JSON.stringify(v.filter((x) => x.impact === "serious" || x.impact === "critical")),
      );
    }
    for (const [email, paths] of [
      ["ada@example.com", admin],
      ["carl@example.com", carrier],
    ] as const) {
      const tab = await openTab(world, viewport);
      await loginThroughForm(tab.page, email);
      await tab.page.waitForURL(/(admin|carrier)\//);
      for (const path of paths) {
        await tab.page.goto(path);
        await tab.page.getByRole("heading", { level: 1 }).first().waitFor();
        await tab.page.waitForTimeout(800);
        const v = await axeViolations(tab.page);
        console.log(
          viewport ? "PHONE" : "DESK",
          path,
          JSON.stringify(v.filter((x) => x.impact === "serious" || x.impact === "critical")),
        );
      }
      await tab.context.close();
    }
    await anon.context.close();
  }
}, 300_000);
