import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIMES_UP } from "../../common/offers.ts";
import { createUser } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { biddableLoad } from "../support/offers.ts";

/** Award rules in the browser: the operator sets them when starting bidding; the carrier in turn accepts. */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;

function row(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

async function startBidding(page: Page, loadId: string, fill: () => Promise<void>) {
  await page.goto(`/admin/ila/load/${loadId}`);
  await page.getByRole("button", { name: "Start bidding" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Round length (minutes)").fill("30");
  await fill();
  await dialog.getByRole("button", { name: "Start bidding" }).click();
  await page.waitForURL(`**/admin/carrier-portal/active-offers/${loadId}/bidders`);
}

async function chooseRule(page: Page, label: string) {
  await page.getByRole("dialog").getByLabel("Award rules").click();
  await page.getByRole("option", { name: label }).click();
}

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Olga Ops" });
  await createUser(world.app, { email: "ray@example.com", fullName: "Ray Ramirez" });
  await createUser(world.app, { email: "bo@example.com", fullName: "Bo Brooks" });
  admin = await openTab(world);
  carrier = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  await loginThroughForm(carrier.page, "ray@example.com");
  await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
});
afterAll(async () => {
  expect(admin?.errors ?? []).toEqual([]);
  expect(carrier?.errors ?? []).toEqual([]);
  await world?.close();
});

describe("award rules in the browser", () => {
  it("sets auto-award under a ceiling in the Start bidding dialog; the bidders page shows the rule", async () => {
    const { loadId, id } = await biddableLoad(world.app, 48);
    await startBidding(admin.page, loadId, async () => {
      await chooseRule(admin.page, "Auto-award under a ceiling");
      const dialog = admin.page.getByRole("dialog");
      await dialog.getByLabel("Ceiling ($)").fill("1500");
      await dialog.getByLabel("Max rounds").fill("3");
      await expectAccessible(admin.page, "start bidding with award rules");
    });
    await admin.page.getByText("Auto-award up to $1,500.00, 3 rounds at most").waitFor();
    const rule = await world.app.deps.db.offerAwardRule.findFirstOrThrow({
      where: { offer: { loadId: id } },
    });
    expect([rule.mode, rule.ceilingCents, rule.maxRounds]).toEqual(["auto", 150_000, 3]);
  });

  it("starts a waterfall to a chosen carrier, which sees 'Offered to you until HH:mm' and accepts", async () => {
    const { loadId, id } = await biddableLoad(world.app, 48);
    await startBidding(admin.page, loadId, async () => {
      const dialog = admin.page.getByRole("dialog");
      await dialog.getByLabel("Target rate (optional, $)").fill("1000");
      await chooseRule(admin.page, "Waterfall: one carrier at a time");
      await dialog.getByLabel("Carrier order").click();
      await admin.page.getByRole("option", { name: "Ray Ramirez" }).click();
      await dialog.getByLabel("Minutes per carrier").fill("20");
    });
    await admin.page.getByText(/Waterfall: turn 1 of 1, Ray Ramirez until \d\d:\d\d/).waitFor();
    // Round 0 has no round clock: neither "Time's up" nor the round controls while the waterfall runs.
    expect(await admin.page.getByText(TIMES_UP).count()).toBe(0);
    await admin.page.getByText("waterfall running").waitFor();
    expect(await admin.page.getByText("round over").count()).toBe(0);
    expect(await admin.page.getByRole("button", { name: /Start round/ }).count()).toBe(0);
    expect(await admin.page.getByLabel("Minutes", { exact: true }).count()).toBe(0);
    await expectAccessible(admin.page, "bidders page during a waterfall");
    // The operators' list says the same.
    await admin.page.goto("/admin/carrier-portal/active-offers");
    const listed = row(admin.page, loadId);
    await listed.getByText(/Waterfall: turn 1 of 1, Ray Ramirez until \d\d:\d\d/).waitFor();
    expect(await listed.getByText(TIMES_UP).count()).toBe(0);

    await carrier.page.reload();
    const offerRow = row(carrier.page, loadId);
    await offerRow.getByText(/Offered to you until \d\d:\d\d/).waitFor();
    await offerRow.getByText("At $1,000.00").waitFor();
    await expectAccessible(carrier.page, "carrier waterfall turn");
    await offerRow.getByRole("button", { name: `Accept load ${loadId}` }).click();
    // Won: the offer leaves the carrier's active offers (the tender step follows).
    await offerRow.waitFor({ state: "detached" });
    const offer = await world.app.deps.db.offer.findFirstOrThrow({
      where: { loadId: id },
      include: { winnerBid: { include: { user: true } } },
    });
    expect([offer.status, offer.winnerBid?.user.email, offer.winnerBid?.amountCents]).toEqual([
      "finished",
      "ray@example.com",
      100_000,
    ]);
  });
});
