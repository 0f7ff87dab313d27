import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANE_MESSAGES } from "../../common/scorecards.ts";
import { createUser, loginAs } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { historyOffer, writeHistory } from "../support/scorecards.ts";

/**
 * Issue #29 on screen: the bidders page shows each bidder's tier and the bid's $/mile, flagged
 * when far outside the lane's range; the carrier list has a Tier column. Axe stays clean.
 */
let world: BrowserWorld;
let admin: Tab;
let loadId: string;
let goldName: string;
let goldCarrierId: string;
let goldEmail: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Olga Ops" });
  const ops = await loginAs(world.app, "ops@example.com");
  const load = await biddableLoad(world.app, 48);
  loadId = load.loadId;
  const offer = await openOffer(world.app, ops.token, loadId);
  const distance =
    (await world.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } })).distance ?? 0;
  expect(distance).toBeGreaterThan(0);
  // The lane's history: five awarded loads at $2.00-$2.40/mile (p25 2.10, p75 2.30).
  const [gold, plain] = await bidders(world.app, 2);
  for (const perMile of [2, 2.1, 2.2, 2.3, 2.4]) {
    await historyOffer(world.app, {
      originState: "IL",
      destinationState: "TX",
      distance: 500,
      carrierRateCents: Math.round(perMile * 500 * 100),
      finishedAt: new Date(Date.now() - 86_400_000),
      winnerUserId: plain.user.id,
      stage: "covered",
    });
  }
  // A Gold carrier company behind the first bidder.
  const company = await createCarrierAs(world.app, ops.token, 901);
  goldName = company.carrierName;
  goldCarrierId = company.carrierId;
  goldEmail = gold.user.email;
  await world.app.deps.db.user.update({ where: { id: gold.user.id }, data: { carrierId: company._id } });
  await writeHistory(
    world.app,
    { userId: gold.user.id, carrierId: company._id },
    {
      // POD turnaround: 2, 3 and 4.5 hours after delivery on three of them (median 3).
      loads: [2, 3, 4.5, undefined, undefined].map((podAfterHours) => ({
        pickupLateMinutes: 0,
        deliveryLateMinutes: 0,
        podAfterHours,
      })),
      tenders: { accepted: 2 },
    },
  );
  // In range, and twice the lane's rate (flagged).
  expect((await bid(world.app, gold.session.token, offer._id, Math.round(distance * 2.2))).status).toBe(201);
  expect((await bid(world.app, plain.session.token, offer._id, Math.round(distance * 4.4))).status).toBe(201);

  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin?.errors ?? []).toEqual([]);
  await world?.close();
});

describe("bidders page", () => {
  it("shows the bidder's tier, the bid's $/mile and flags the bid far above the lane", async () => {
    const { page } = admin;
    await page.goto(`/admin/carrier-portal/active-offers/${loadId}/bidders`);
    const table = page.getByRole("table", { name: "Bidders" });
    await table.getByRole("columnheader", { name: "Tier" }).waitFor();
    await table.getByRole("columnheader", { name: "$/mile" }).waitFor();
    const rows = table.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    const first = rows.nth(0);
    await first.getByText(goldName).waitFor();
    expect(await first.locator("[data-tier]").getAttribute("data-tier")).toBe("Gold");
    expect(await first.getByText("$2.20/mi").count()).toBe(1);
    expect(await first.locator("[data-flag]").count()).toBe(0);
    const second = rows.nth(1);
    expect(await second.locator("[data-tier]").getAttribute("data-tier")).toBe("New");
    await second.getByText(LANE_MESSAGES.flagHigh).waitFor();
    expect(await second.getByText("$4.40/mi").count()).toBe(1);
    // No win-percentage stars any more.
    expect(await table.getByText("★").count()).toBe(0);
    await page
      .getByTestId("lane-rates")
      .getByText(/Median \$2\.20\/mi/)
      .waitFor();
    await expectAccessible(page, "bidders page with tiers and $/mile");
  });
});

describe("carrier list", () => {
  it("has a Tier column", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/carriers");
    const row = page.getByTestId("carrier-row").filter({ hasText: goldName });
    await row.waitFor();
    await page.getByRole("columnheader", { name: "Tier" }).waitFor();
    expect(await row.locator("[data-tier]").getAttribute("data-tier")).toBe("Gold");
    await expectAccessible(page, "carrier list with tiers");
  });
});

describe("scorecard panels", () => {
  const figure = (panel: Locator, label: string) =>
    panel.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");

  it("shows POD turnaround on the carrier's detail and on its user's My Account", async () => {
    const { page } = admin;
    await page.goto(`/admin/ila/carriers/${goldCarrierId}`);
    const panel = page.getByRole("region", { name: "Scorecard" });
    await panel.waitFor();
    expect(await figure(panel, "POD turnaround").textContent()).toBe("3 h");
    expect(await figure(panel, "Loads hauled").textContent()).toBe("5");
    await expectAccessible(page, "carrier detail scorecard with POD turnaround");

    const carrier = await openTab(world);
    try {
      await loginThroughForm(carrier.page, goldEmail);
      await carrier.page.waitForURL("**/carrier/**");
      await carrier.page.goto("/carrier/my-profile");
      const mine = carrier.page.getByRole("region", { name: "My scorecard" });
      await mine.waitFor();
      expect(await figure(mine, "POD turnaround").textContent()).toBe("3 h");
      expect(carrier.errors).toEqual([]);
    } finally {
      await carrier.context.close();
    }
  });
});
