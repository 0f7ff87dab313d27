import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { setupToken } from "../../server/workspace/first-operator.ts";
import { axeViolations } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";

/**
 * axe (WCAG 2.2 A/AA) on every screen and every dialog, for both roles, over the demo data set:
 * no critical or serious violation anywhere. Findings are gathered per screen, so one run lists all.
 */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
const findings: Record<string, string[]> = {};

beforeAll(async () => {
  world = await startBrowserWorld({ seedDemo: true });
  admin = await openTab(world);
  await loginThroughForm(admin.page, "admin@freightway.test", DEMO_PASSWORD);
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world);
  await loginThroughForm(carrier.page, "carrier@freightway.test", DEMO_PASSWORD);
  await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** Waits for the screen to settle (no loading text or bar), then records its serious findings. */
async function check(page: Page, where: string): Promise<void> {
  await page
    .getByText("Cargando...")
    .waitFor({ state: "detached" })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const serious = (await axeViolations(page)).filter(
    (finding) => finding.impact === "serious" || finding.impact === "critical",
  );
  if (serious.length > 0) {
    findings[where] = serious.map(
      (finding) => `${finding.id} (${finding.impact}): ${finding.help} at ${finding.targets.join(" | ")}`,
    );
  }
}

async function screen(page: Page, path: string, heading?: string): Promise<void> {
  await page.goto(path);
  if (heading) await page.getByRole("heading", { name: heading }).first().waitFor();
  else await page.getByRole("heading", { level: 1 }).first().waitFor();
  await check(page, path);
}

/** Opens a dialog with the button, checks it, closes it with Escape. */
async function dialog(page: Page, where: string, button: string, ready?: string): Promise<void> {
  await page.getByRole("button", { name: button, exact: true }).first().click();
  await page.getByRole("dialog").first().waitFor();
  // Wait for what the dialog loads (the load picker's rows): the findings are in its content.
  if (ready)
    await page.getByRole("dialog").getByRole("list", { name: ready }).getByRole("checkbox").first().waitFor();
  await check(page, `${where}: ${button} dialog`);
  await page.keyboard.press("Escape");
  await page
    .getByRole("dialog")
    .first()
    .waitFor({ state: "hidden" })
    .catch(() => undefined);
}

describe("axe on every screen", () => {
  it("public pages: each has an h1 and no serious violation", async () => {
    const visitor = await openTab(world);
    for (const path of [
      "/",
      "/login",
      "/signup",
      "/forgot-password",
      `/setup?token=${setupToken(world.app.deps.config.jwtSecret)}`,
    ]) {
      await visitor.page.goto(path);
      await visitor.page.getByRole("heading", { level: 1 }).first().waitFor();
      await expect(visitor.page.getByRole("heading", { level: 1 }).count(), path).resolves.toBe(1);
      await check(visitor.page, path);
    }
    await visitor.context.close();
  });

  it("operator screens and dialogs", async () => {
    const { page } = admin;
    const db = world.app.deps.db;
    const load = await db.load.findFirstOrThrow({ orderBy: { loadId: "asc" } });
    const route = await db.route.findFirstOrThrow({ orderBy: { routeNumber: "asc" } });
    const company = await db.carrier.findFirstOrThrow({ orderBy: { carrierId: "asc" } });
    const invoice = await db.invoice.findFirstOrThrow();
    const bill = await db.bill.findFirstOrThrow();
    const offer = await db.offer.findFirstOrThrow({ where: { status: "active" }, include: { load: true } });

    await screen(page, "/admin/ila/load", "ILA / Load");
    await dialog(page, "loads", "Manual update");
    await dialog(page, "loads", "Filter");
    await screen(page, `/admin/ila/load/${load.loadId}`);
    await screen(page, "/admin/ila/routing", "ILA / Routing");
    await dialog(page, "routes", "Create Route", "Loads to add");
    await page.getByRole("button", { name: "NASS Codes" }).click();
    await page.getByRole("heading", { name: "ILA / Facility Codes" }).waitFor();
    await check(page, "NASS codes");
    await screen(page, `/admin/ila/routing/${route.routeNumber}`);
    await screen(page, "/admin/ila/carriers");
    await dialog(page, "carriers", "Add new Carrier");
    await screen(page, `/admin/ila/carriers/${company.carrierId}`);
    await screen(page, "/admin/ila/tracking");
    await screen(page, `/admin/ila/tracking/${route.routeNumber}`);
    await screen(page, "/admin/ila/billing", "ILA / Billing");
    await dialog(page, "billing", "Manual update");
    await screen(page, `/admin/ila/billing/accounts-receivable/${invoice.invoiceNumber}`);
    await screen(page, `/admin/ila/billing/accounts-payable/${bill.billNumber}`);
    const tonu = await db.bill.findFirstOrThrow({ where: { tonuProposedCents: { not: null } } });
    await screen(page, `/admin/ila/billing/accounts-payable/${tonu.billNumber}`);
    await page.getByRole("button", { name: "Confirm TONU" }).waitFor();
    await check(page, "bill detail with a TONU proposal");
    await screen(page, "/admin/carrier-portal/active-offers");
    await screen(page, `/admin/carrier-portal/active-offers/${offer.load.loadId}/bidders`);
    const pendingTender = await db.tender.findFirstOrThrow({
      where: { status: "pending" },
      include: { offer: { include: { load: true } } },
    });
    await screen(page, `/admin/carrier-portal/active-offers/${pendingTender.offer.load.loadId}/bidders`);
    await page.getByRole("region", { name: "Tender" }).getByText("Pending").waitFor();
    await dialog(page, "bidders", "Decline for the carrier");
    await screen(page, "/admin/carrier-portal/history-logs");
    await screen(page, "/admin/my-profile");
    await screen(page, "/support-hub");
    await screen(page, "/workspace-control");
    expect(admin.errors).toEqual([]);
  }, 240_000);

  it("carrier screens and dialogs", async () => {
    const { page } = carrier;
    await screen(page, "/carrier/carrier-portal/active-offers");
    await page
      .getByRole("button", { name: /^(Place your bid on|My bid)/ })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    await check(page, "carrier: Place Your Bid dialog");
    await page.keyboard.press("Escape");
    await screen(page, "/carrier/carrier-portal/history-wins");
    await screen(page, "/carrier/carrier-portal/my-bills");
    await page.getByRole("list", { name: "My bills" }).waitFor();
    await dialog(page, "carrier my bills", "Request quick pay");
    const carrierUser = await world.app.deps.db.user.findUniqueOrThrow({
      where: { email: "carrier@freightway.test" },
    });
    const accepted = await world.app.deps.db.tender.findFirstOrThrow({
      where: { status: "accepted", userId: carrierUser.id },
      include: { offer: { include: { load: true } } },
    });
    await screen(page, `/carrier/carrier-portal/confirm-details/${accepted.offer.load.loadId}`);
    await page.getByRole("region", { name: "Tender" }).getByText("Signed by").waitFor();
    await check(page, "carrier: confirm details with an accepted tender");
    await screen(page, "/carrier/my-profile");
    expect(carrier.errors).toEqual([]);
  }, 120_000);

  it("finds no critical or serious violation", () => {
    expect(findings).toEqual({});
  });
});
