import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { biddableLoad, openOffer } from "../support/offers.ts";

/**
 * Book Now and counter-offers on the screens (issue #29): the operator starts bidding with a Book
 * Now price and a carrier on its phone books it; the operator counters a bid from the bidders page
 * and the carrier, on its phone, accepts the counter it sees arrive live.
 */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
let opsToken = "";

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Olga Ops" });
  await createUser(world.app, { email: "ray@example.com", fullName: "Ray Ramirez" });
  // One session per account: the fixtures' API calls sign in as another operator.
  await createUser(world.app, { email: "api-ops@example.com", role: "ADMIN", fullName: "Api Ops" });
  opsToken = (await loginAs(world.app, "api-ops@example.com")).token;
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world, PHONE);
  await loginThroughForm(carrier.page, "ray@example.com");
  await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
});
afterAll(async () => {
  expect(admin?.errors ?? []).toEqual([]);
  expect(carrier?.errors ?? []).toEqual([]);
  await world?.close();
});

describe("Book Now and counter-offers", () => {
  it("starts bidding with a Book Now price; the carrier books it on its phone and wins", async () => {
    const { loadId } = await biddableLoad(world.app, 48);
    await admin.page.goto(`/admin/ila/load/${loadId}`);
    await admin.page.getByRole("button", { name: "Start bidding" }).click();
    const start = admin.page.getByRole("dialog", { name: `Start bidding on load ${loadId}` });
    await start.getByLabel("Book Now price (optional, $)").fill("1800");
    await expectAccessible(admin.page, "start bidding with Book Now");
    await start.getByRole("button", { name: "Start bidding" }).click();
    await admin.page.waitForURL(`**/admin/carrier-portal/active-offers/${loadId}/bidders`);

    const { page } = carrier;
    const book = page.getByRole("button", { name: "Book Now $1,800.00" });
    await book.waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "carrier offers with Book Now (phone)");
    await book.click();
    const dialog = page.getByRole("dialog", { name: `Book load ${loadId} now?` });
    await dialog.getByText(/You take this load at \$1,800\.00/).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "Book Now confirm dialog (phone)");
    await dialog.getByRole("button", { name: "Book for $1,800.00" }).click();
    await page.getByText(/Booked: the load is yours/).waitFor();

    const offer = await world.app.deps.db.offer.findFirstOrThrow({
      where: { load: { loadId } },
      include: { winnerBid: { include: { user: true } } },
    });
    expect(offer.status).toBe("finished");
    expect(offer.winnerBid).toMatchObject({ amountCents: 180_000, user: { email: "ray@example.com" } });
    // The operator's bidders page shows the booking as the winner without a reload.
    await admin.page.getByRole("row").filter({ hasText: "$1,800.00" }).getByText("Notified").waitFor();
  });

  it("counters a bid from the bidders page; the carrier sees it live on its phone and accepts", async () => {
    const { loadId } = await biddableLoad(world.app, 48);
    const offer = await openOffer(world.app, opsToken, loadId);
    const { page } = carrier;
    await page.reload();
    await page.getByRole("button", { name: `Place your bid on ${loadId}` }).click();
    const place = page.getByRole("dialog", { name: "Place Your Bid" });
    await place.getByLabel("Your bid").fill("1500");
    await place.getByRole("button", { name: "Submit Bid" }).click();
    await page.getByRole("button", { name: /My bid \$1,500\.00/ }).waitFor();

    await admin.page.goto(`/admin/carrier-portal/active-offers/${loadId}/bidders`);
    const bidRow = admin.page.getByRole("row").filter({ hasText: "$1,500.00" });
    await bidRow.getByRole("button", { name: /^Counter / }).click();
    const counterDialog = admin.page.getByRole("dialog", { name: /^Counter .*'s bid$/ });
    await counterDialog.getByLabel("Counter amount").fill("-3");
    await counterDialog.getByRole("button", { name: "Send counter" }).click();
    await counterDialog.getByText("Enter a valid counter amount").waitFor();
    await counterDialog.getByLabel("Counter amount").fill("1450");
    await counterDialog.getByLabel("Note to the carrier (optional)").fill("Can you do 1450?");
    await expectAccessible(admin.page, "counter dialog");
    await counterDialog.getByRole("button", { name: "Send counter" }).click();
    await bidRow.getByText(/Counter \$1,450\.00 · open until/).waitFor();
    await expectAccessible(admin.page, "bidders page with an open counter");

    const answer = page.getByRole("button", {
      name: `Counter $1,450.00 on ${loadId}: accept or decline`,
    });
    await answer.waitFor(); // pushed over the offer subscription, no reload
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await answer.click();
    const dialog = page.getByRole("dialog", { name: `Counter-offer on load ${loadId}` });
    await dialog.getByText('"Can you do 1450?"').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "counter-offer answer dialog (phone)");
    await dialog.getByRole("button", { name: "Accept $1,450.00" }).click();
    await page.getByText(/Counter-offer accepted: load/).waitFor();

    const decided = await world.app.deps.db.offer.findFirstOrThrow({
      where: { id: offer._id },
      include: { winnerBid: true },
    });
    expect(decided.status).toBe("finished");
    expect(decided.winnerBid?.amountCents).toBe(145_000);
    await admin.page.getByRole("row").filter({ hasText: "$1,450.00" }).getByText("Notified").waitFor();
    await admin.page
      .getByRole("row")
      .filter({ hasText: "$1,450.00" })
      .getByText(/Counter \$1,450\.00 · accepted/)
      .waitFor();
  });
});
