import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BID_MESSAGES, OFFER_MESSAGES } from "../../common/offers.ts";
import { closeDueRounds } from "../../server/offers/service.ts";
import { createUser, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
  watchBlankNotices,
} from "../support/browser.ts";
import { biddableLoad } from "../support/offers.ts";

let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
let loadId: string;
let otherToken: string;

function row(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Olga Ops" });
  await createUser(world.app, { email: "ray@example.com", fullName: "Ray Ramirez" });
  await createUser(world.app, { email: "bo@example.com", fullName: "Bo Brooks" });
  otherToken = (await loginAs(world.app, "bo@example.com")).token;
  loadId = (await biddableLoad(world.app, 48)).loadId;
  admin = await openTab(world);
  carrier = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  await loginThroughForm(carrier.page, "ray@example.com");
  await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
  await carrier.page.getByText("No active offers right now.").waitFor();
});
afterAll(async () => {
  expect(admin?.errors ?? []).toEqual([]);
  expect(carrier?.errors ?? []).toEqual([]);
  await world?.close();
});

describe("a whole bidding round in the browser", () => {
  it("starts bidding from the load detail; the carrier sees the offer arrive live", async () => {
    await admin.page.goto(`/admin/ila/load/${loadId}`);
    await admin.page.getByRole("button", { name: "Start bidding" }).click();
    await admin.page.getByLabel("Round length (minutes)").fill("30");
    await admin.page.getByRole("dialog").getByRole("button", { name: "Start bidding" }).click();
    await admin.page.waitForURL(`**/admin/carrier-portal/active-offers/${loadId}/bidders`);
    await admin.page.getByText("No bidders found.").waitFor();

    const offerRow = row(carrier.page, loadId);
    await offerRow.waitFor();
    for (const column of [
      "Load ID",
      "Start Date/Time",
      "Stops",
      "Origin City",
      "Destination City",
      "Best bid",
      "Rounds Ends",
      "My bid",
      "Actions",
    ]) {
      await carrier.page.getByRole("columnheader", { name: column, exact: true }).waitFor();
    }
    await offerRow.getByText("30 min").waitFor();
    await offerRow.getByText(/closes /).waitFor();
    await expectAccessible(carrier.page, "carrier active offers");
    expect(await offerRow.getByText("30 min").evaluate((node) => getComputedStyle(node).color)).not.toBe("");
  });

  it("bids, improves and folds; the operator's screen follows live", async () => {
    const offerRow = row(carrier.page, loadId);
    await offerRow.getByRole("button", { name: `Place your bid on ${loadId}` }).click();
    const dialog = carrier.page.getByRole("dialog", { name: "Place Your Bid" });
    await dialog.getByLabel("Your bid").fill("12.345");
    await dialog.getByRole("button", { name: "Submit Bid" }).click();
    await dialog.getByText("Please enter a valid bid.").waitFor();
    await dialog.getByLabel("Your bid").fill("1500");
    const blankNotices = await watchBlankNotices(carrier.page);
    await dialog.getByRole("button", { name: "Submit Bid" }).click();
    await carrier.page.getByText("Bid sent successfully.").waitFor();
    await offerRow.getByRole("button", { name: /My bid \$1,500\.00/ }).waitFor();

    await row(admin.page, "$1,500.00").waitFor(); // new bidder appears live on the bidders page

    await offerRow.getByRole("button", { name: /My bid/ }).click();
    await dialog.getByLabel("Your bid").fill("1400");
    await dialog.getByRole("button", { name: "Submit Bid" }).click();
    await offerRow.getByRole("button", { name: /My bid \$1,400\.00/ }).waitFor();

    const offer = await world.app.deps.db.offer.findFirstOrThrow({ where: { load: { loadId } } });
    const other = await rest(
      world.app,
      "POST",
      "/bids/createBid",
      { offerId: offer.id, amount: 1450 },
      { token: otherToken },
    );
    expect(other.status).toBe(201);
    await row(admin.page, "$1,450.00").waitFor();

    await offerRow.getByRole("button", { name: "Fold" }).click();
    await carrier.page.getByRole("dialog").getByRole("button", { name: "Fold" }).click();
    const folded = carrier.page.getByRole("dialog", { name: `You folded on load ${loadId}` });
    await folded.getByText("Best bid for this load: $1,450.00").waitFor();
    await folded.getByText("Your withdrawn bid: $1,400.00").waitFor();
    await folded.getByRole("button", { name: "OK" }).click();
    await offerRow.getByText("$1,450.00").first().waitFor();

    // A folded bid is not offered for a change: the cell offers a new bid.
    await offerRow
      .getByRole("button", { name: `Your $1,400.00 bid was withdrawn; place a new bid on ${loadId}` })
      .click();
    await dialog.getByLabel("Your bid").fill("1350");
    await dialog.getByRole("button", { name: "Submit Bid" }).click();
    await offerRow.getByRole("button", { name: /My bid \$1,350\.00/ }).waitFor();
    // The snackbars and the folded dialog kept their text while they faded out.
    await expect.poll(() => carrier.page.locator(".MuiSnackbar-root, .MuiDialog-root").count()).toBe(0);
    expect(await blankNotices()).toBe(0);
  });

  it("shows a bid and a fold at once, and takes them back with a snackbar when the server refuses", async () => {
    const { page } = carrier;
    const offerRow = row(page, loadId);
    // Requests are held until the test lets them go, so the optimistic state can be seen; then
    // they reach the real server altered so that it refuses them.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/graphql", async (route) => {
      const body = route.request().postData() ?? "";
      if (body.includes("bidMutationsPlaceBidMutation")) {
        await held;
        const sent = JSON.parse(body) as { variables: { input: { amount: number } } };
        sent.variables.input.amount = 12.345; // the server's 'Please enter a valid bid.'
        await route.continue({ postData: JSON.stringify(sent) });
      } else {
        await route.continue();
      }
    });
    try {
      await offerRow.getByRole("button", { name: /My bid \$1,350\.00/ }).click();
      const dialog = page.getByRole("dialog", { name: "Place Your Bid" });
      await dialog.getByLabel("Your bid").fill("1300");
      await dialog.getByRole("button", { name: "Submit Bid" }).click();
      await offerRow.getByRole("button", { name: /My bid \$1,300\.00/ }).waitFor(); // before any answer
      release();
      await page.getByText(`${BID_MESSAGES.unexpected} ${BID_MESSAGES.invalid}`).waitFor();
      await offerRow.getByRole("button", { name: /My bid \$1,350\.00/ }).waitFor();

      const heldFold = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.unroute("**/graphql");
      await page.route("**/graphql", async (route) => {
        const body = route.request().postData() ?? "";
        if (!body.includes("bidMutationsFoldBidMutation")) return route.continue();
        await heldFold;
        const sent = JSON.parse(body) as { variables: { input: { offerId: string } } };
        sent.variables.input.offerId = Buffer.from("Offer:no-such-offer").toString("base64");
        await route.continue({ postData: JSON.stringify(sent) });
      });
      const foldButton = offerRow.getByRole("button", { name: "Fold" });
      await foldButton.click();
      await page.getByRole("dialog").getByRole("button", { name: "Fold" }).click();
      await expect.poll(() => foldButton.isDisabled()).toBe(true); // folded at once
      release();
      await page.getByText(OFFER_MESSAGES.notFound).waitFor();
      await expect.poll(() => foldButton.isDisabled()).toBe(false);
      expect(
        await world.app.deps.db.bid.count({ where: { offer: { load: { loadId } }, status: "active" } }),
      ).toBe(2);
    } finally {
      await page.unroute("**/graphql");
    }
  });

  it("closes the round on the server's clock: the offer leaves the carrier's board, Time's up in red for the operator", async () => {
    const offer = await world.app.deps.db.offer.findFirstOrThrow({ where: { load: { loadId } } });
    await world.app.deps.db.offer.update({
      where: { id: offer.id },
      data: { roundEndsAt: new Date(Date.now() - 1000) },
    });
    await closeDueRounds(world.app.deps);
    // Over rounds leave a carrier's Active Offers (the carrier's board, issue 29).
    await row(carrier.page, loadId).waitFor({ state: "detached" });
    const timesUp = admin.page.getByText("Time's up").first();
    await timesUp.waitFor();
    expect(await timesUp.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(198, 40, 40)");
  });

  it("confirms the winner through 'Load Assignment Confirmation'", async () => {
    const winnerRow = row(admin.page, "$1,350.00");
    await winnerRow.getByRole("button", { name: "Notify Winner" }).click();
    const modal = admin.page.getByRole("dialog", { name: "Load Assignment Confirmation" });
    await modal.getByText("Ray Ramirez").first().waitFor();
    await modal.getByRole("button", { name: "Confirm Winner" }).click();
    await winnerRow.getByText("Notified").waitFor();
    await row(admin.page, "$1,450.00").getByText("Loser").waitFor();
  });

  it("tells the winner, who confirms the details", async () => {
    await carrier.page.getByRole("button", { name: /^Notifications, [1-9]\d* unread$/ }).click();
    await carrier.page
      .getByRole("button", { name: "Unread: Congratulations! Your Bid Was Accepted" })
      .click();
    const won = carrier.page.getByRole("dialog", { name: "Congratulations! Your Bid Was Accepted" });
    await won.getByText("$1,350.00", { exact: true }).waitFor();
    await won.getByRole("button", { name: "Continue" }).click();
    await carrier.page.waitForURL(`**/carrier/carrier-portal/confirm-details/${loadId}`);
    await carrier.page.getByRole("heading", { name: `Confirm Details for Load #${loadId}` }).waitFor();
    await carrier.page.getByLabel("Truck number").fill("TR-42");
    await carrier.page.getByLabel("Dispatcher phone").fill("12");
    await carrier.page.getByRole("button", { name: "Save changes" }).click();
    await carrier.page.getByText("Are you sure you want to save changes?").waitFor();
    await carrier.page.getByRole("button", { name: "Yes, save" }).click();
    await carrier.page.getByText("Invalid phone number").first().waitFor();
    await carrier.page.getByLabel("Dispatcher phone").fill("(201) 555-0123");
    await carrier.page.getByRole("button", { name: "Save changes" }).click();
    await carrier.page.getByRole("button", { name: "Yes, save" }).click();
    await carrier.page.getByText("Details saved.").waitFor();
    const saved = await world.app.deps.db.loadConfirmation.findFirstOrThrow({ where: { load: { loadId } } });
    expect(saved).toMatchObject({ truckNumber: "TR-42", dispatcherPhone: "+12015550123" });

    await carrier.page.goto("/carrier/carrier-portal/history-wins");
    await row(carrier.page, loadId).getByText("Confirmed").waitFor();
    await admin.page.goto("/admin/carrier-portal/history-logs");
    await row(admin.page, loadId).getByText("$1,350.00").waitFor();
  });

  it("fits a 390 px phone", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "bo@example.com");
    await phone.page.waitForURL("**/carrier/carrier-portal/active-offers");
    await phone.page.getByText(/open offer/).waitFor();
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.context.close();
  });
});
