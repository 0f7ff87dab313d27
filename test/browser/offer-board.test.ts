import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BID_RANK_TEXTS } from "../../common/offer-board.ts";
import { createUser, loginAs } from "../support/app.ts";
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
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";

/**
 * The carrier's board on a 390 px phone (issue 29): the rank hint on its own bid follows a
 * competitor's lower bid live, and "near a city" picked from the list narrows Active Offers. The
 * live rows start after the first screen; an offer opened before they are live still shows.
 */
let world: BrowserWorld;
let carrier: Tab;
let chicagoLoadId = "";
let chicagoOfferId = "";
let ops = "";

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN" });
  ops = (await loginAs(world.app, "ops@example.com")).token;
  const chicago = await biddableLoad(world.app);
  chicagoLoadId = chicago.loadId;
  chicagoOfferId = (await openOffer(world.app, ops, chicago.loadId))._id;
  const den = await world.app.deps.db.nassCode.create({
    data: { code: "BOARD-DEN", city: "Denver", state: "CO", latitude: 39.7526, longitude: -104.9997 },
  });
  await world.app.deps.db.load.create({
    data: {
      loadId: "BOARD-DEN-1",
      customer: "USPS",
      pickupDate: new Date(Date.now() + 48 * 3_600_000),
      stops: { create: [{ sequence: 1, type: "pickup", nassCodeId: den.id }] },
    },
  });
  await openOffer(world.app, ops, "BOARD-DEN-1", { equipmentType: "Flatbed" });
  await createUser(world.app, { email: "ray@example.com", fullName: "Ray Ramirez" });
  carrier = await openTab(world, PHONE);
  await loginThroughForm(carrier.page, "ray@example.com");
  await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
});
afterAll(async () => {
  expect(carrier?.errors ?? []).toEqual([]);
  await world?.close();
});

describe("the carrier's board on a phone", () => {
  it("hints whether the carrier's own bid is the lowest, live", async () => {
    const { page } = carrier;
    const board = page.getByRole("list", { name: "Active offers" });
    const card = board.getByRole("listitem").filter({ hasText: chicagoLoadId });
    await card.getByRole("button", { name: `Place your bid on ${chicagoLoadId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Place Your Bid" });
    await dialog.getByLabel("Your bid").fill("1500");
    await dialog.getByRole("button", { name: "Submit Bid" }).click();
    await card.getByText(BID_RANK_TEXTS.lowest, { exact: true }).waitFor();

    const [rival] = await bidders(world.app, 1);
    expect((await bid(world.app, rival.session.token, chicagoOfferId, 1400)).status).toBe(201);
    await card.getByText(BID_RANK_TEXTS.not_lowest, { exact: true }).waitFor();
    await expect(card.getByText("$1,400.00").count()).resolves.toBeGreaterThan(0); // the best bid column
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "carrier board on a phone with a rank hint");
  });

  it("narrows the board to offers picking up near a city picked from the list", async () => {
    const { page } = carrier;
    const board = page.getByRole("list", { name: "Active offers" });
    await board.getByText("BOARD-DEN-1").waitFor();
    await page.getByRole("combobox", { name: "Near city" }).fill("Den");
    await page.getByRole("option", { name: "Denver, CO" }).click();
    await page.getByRole("combobox", { name: "Within" }).click();
    await page.getByRole("option", { name: "50 miles", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("nearCity")).toBe("Denver, CO");
    await board.getByText(chicagoLoadId).waitFor({ state: "detached" });
    await board.getByText("BOARD-DEN-1").waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "carrier board filtered near Denver on a phone");
  });

  it("shows an offer opened after the board's answer but before its live rows were live", async () => {
    const { page } = carrier;
    // The live connection's code is held back until the new offer has been opened and published:
    // no subscription hears that event; the board fetches its page again once it is live.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked: () => void = () => undefined;
    const socketCodeAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route(/\/assets\/ws-client-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    try {
      await page.goto("/carrier/carrier-portal/active-offers");
      const board = page.getByRole("list", { name: "Active offers" });
      await board.getByText(chicagoLoadId).waitFor();
      await socketCodeAsked; // the first screen is up: the live rows are starting
      const late = await biddableLoad(world.app);
      await openOffer(world.app, ops, late.loadId);
      await page.waitForTimeout(300);
      await expect(board.getByText(late.loadId).count()).resolves.toBe(0);
      release();
      await board.getByText(late.loadId).waitFor();
    } finally {
      release();
      await page.unroute(/\/assets\/ws-client-[\w-]+\.js$/);
    }
  });
});
