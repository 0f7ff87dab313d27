import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MILESTONE_LABELS } from "../../common/loads/milestones.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { createUser, gql, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { uploadLoads } from "../support/loads.ts";
import { openOffer } from "../support/offers.ts";

/**
 * A load's whole life through the screens (lifecycle issue): the operator uploads a CSV with
 * appointment columns, sets the customer rate and starts bidding; two carriers bid on their Active
 * Offers; the operator confirms the winner; the winner accepts the tender by typing its full name
 * and dispatches its driver; positions arrive through the API as a device sends them; the operator
 * marks the stops on the load detail (arrived, departed, arrived = delivered: the load has a
 * customer rate, so delivery drafts the invoice), uploads the POD, opens the invoice with its
 * linehaul line and marks it paid; every milestone is on the
 * load detail's timeline. Then a declined tender passes the award to the next bidder, who sees it.
 */
let world: BrowserWorld;
let admin: Tab;
let ray: Tab;
let bo: Tab;
let opsToken = "";
const files = mkdtempSync(join(tmpdir(), "freightway-life-"));
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

const CHICAGO = { latitude: 41.8745, longitude: -87.6417 };
const DENVER = { latitude: 39.7526, longitude: -104.9997 };

/** Wall-clock "YYYY-MM-DD HH:mm" some days ahead (read on the facility's own clock). */
function wallClock(daysAhead: number, hour: number): string {
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  return `${day} ${String(hour).padStart(2, "0")}:00`;
}

function row(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

/** A bid placed on the carrier's Active Offers screen. */
async function bidOnScreen(tab: Tab, loadId: string, amount: string) {
  const offerRow = row(tab.page, loadId);
  await offerRow.getByRole("button", { name: `Place your bid on ${loadId}` }).click();
  const dialog = tab.page.getByRole("dialog", { name: "Place Your Bid" });
  await dialog.getByLabel("Your bid").fill(amount);
  await dialog.getByRole("button", { name: "Submit Bid" }).click();
  await offerRow.getByRole("button", { name: /^My bid \$/ }).waitFor();
}

async function milestones(page: Page, loadId: string): Promise<string[]> {
  await page.goto(`/admin/ila/load/${loadId}`);
  const list = page.getByRole("list", { name: "Milestones" });
  await list.waitFor();
  return list.getByRole("listitem").allTextContents();
}

beforeAll(async () => {
  world = await startBrowserWorld();
  for (const [code, place] of [
    ["LIFECHI", { facilityName: "Chicago P&DC", city: "Chicago", state: "IL", ...CHICAGO }],
    ["LIFEDEN", { facilityName: "Denver P&DC", city: "Denver", state: "CO", ...DENVER }],
  ] as const) {
    await world.app.deps.db.nassCode.create({ data: { code, ...place } });
  }
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Olga Ops" });
  // The API's own operator: one session per account, so the browser's operator keeps its own.
  await createUser(world.app, { email: "api-ops@example.com", role: "ADMIN", fullName: "Api Ops" });
  opsToken = (await loginAs(world.app, "api-ops@example.com")).token;
  for (const [email, fullName, company] of [
    ["ray@example.com", "Ray Ramirez", "Ramirez Freight"],
    ["bo@example.com", "Bo Brooks", "Brooks Hauling"],
  ]) {
    const user = await createUser(world.app, { email, fullName });
    await world.app.deps.db.user.update({ where: { id: user.id }, data: { companyName: company } });
  }
  admin = await openTab(world);
  ray = await openTab(world);
  bo = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  for (const [tab, email] of [
    [ray, "ray@example.com"],
    [bo, "bo@example.com"],
  ] as const) {
    await loginThroughForm(tab.page, email);
    await tab.page.waitForURL("**/carrier/carrier-portal/active-offers");
  }
});
afterAll(async () => {
  expect(admin?.errors ?? []).toEqual([]);
  expect(ray?.errors ?? []).toEqual([]);
  expect(bo?.errors ?? []).toEqual([]);
  await world?.close();
});

describe("a load's whole life in the browser", () => {
  it("runs from the CSV upload to paid, each milestone on the load detail's timeline", async () => {
    const loadId = "LIFE-1";
    const { page } = admin;

    // The Upload dialog, with appointment columns on each facility's clock.
    const csv = join(files, "life.csv");
    writeFileSync(
      csv,
      [
        "Load ID,Customer,Origin NASS,Destination NASS,Pickup Date,Delivery Date,Origin Appointment From,Origin Appointment To,Destination Appointment From",
        [
          loadId,
          "USPS",
          "LIFECHI",
          "LIFEDEN",
          new Date(Date.now() + 2 * 86_400_000).toISOString(),
          new Date(Date.now() + 3 * 86_400_000).toISOString(),
          wallClock(2, 8),
          wallClock(2, 10),
          wallClock(3, 14),
        ].join(","),
      ].join("\n"),
    );
    await page.getByRole("button", { name: "Manual update" }).click();
    const upload = page.getByRole("dialog", { name: "Upload loads" });
    await upload.getByLabel("Choose files").setInputFiles(csv);
    await upload.getByTestId("upload-row-count").filter({ hasText: "1 row in 1 file" }).waitFor();
    await upload.getByLabel("Stream").click();
    await page.getByRole("option", { name: "USPS" }).click();
    await upload.getByRole("button", { name: "Upload" }).click();
    await upload.waitFor({ state: "hidden" });

    // The load detail: appointments in facility time, the customer rate, Start bidding.
    await page.goto(`/admin/ila/load/${loadId}`);
    const stops = page.getByRole("table", { name: "Stops and appointments" });
    await stops.getByText(/ 08:00 C[SD]T – 10:00 C[SD]T$/).waitFor();
    await stops.getByText(/ 14:00 M[SD]T$/).waitFor();
    const billing = page.getByRole("region", { name: "Billing" });
    await billing.getByRole("spinbutton", { name: "Customer rate" }).fill("2000");
    await billing.getByRole("button", { name: "Save rate" }).click();
    await expect
      .poll(
        async () => (await world.app.deps.db.load.findFirstOrThrow({ where: { loadId } })).customerRateCents,
      )
      .toBe(200_000);
    await expectAccessible(page, "load detail before bidding");
    await page.getByRole("button", { name: "Start bidding" }).click();
    await page.getByLabel("Round length (minutes)").fill("30");
    await page.getByRole("dialog").getByRole("button", { name: "Start bidding" }).click();
    await page.waitForURL(`**/admin/carrier-portal/active-offers/${loadId}/bidders`);

    // Two carriers bid on their Active Offers.
    await bidOnScreen(ray, loadId, "1500");
    await bidOnScreen(bo, loadId, "1650");
    await expectAccessible(ray.page, "carrier active offers with a bid");

    // The operator confirms the lower bid.
    await row(page, "$1,650.00").waitFor();
    const winnerRow = row(page, "$1,500.00");
    await winnerRow.getByRole("button", { name: "Notify Winner" }).click();
    await page
      .getByRole("dialog", { name: "Load Assignment Confirmation" })
      .getByRole("button", { name: "Confirm Winner" })
      .click();
    await winnerRow.getByText("Notified").waitFor();

    // The winner accepts the tender in the Carrier Portal by typing its full name, then dispatches.
    const carrier = ray.page;
    await carrier.goto(`/carrier/carrier-portal/confirm-details/${loadId}`);
    const card = carrier.getByRole("region", { name: "Tender" });
    await card.getByText("Pending").waitFor();
    const dispatchPanel = carrier.getByRole("region", { name: "Dispatch" });
    await dispatchPanel.getByRole("textbox", { name: "Driver name" }).fill("Dana Driver");
    await dispatchPanel.getByRole("textbox", { name: "Driver phone" }).fill("(303) 555-0100");
    await dispatchPanel.getByRole("button", { name: "Dispatch" }).click();
    await dispatchPanel.getByRole("alert").getByText(OFFER_MESSAGES.tenderNotAccepted).waitFor();

    await card.getByRole("textbox", { name: "Full name" }).fill("Ray Ramirez");
    await card.getByRole("button", { name: "Accept tender" }).click();
    await card.getByRole("status").getByText(OFFER_MESSAGES.tenderAccepted).waitFor();

    await dispatchPanel.getByRole("textbox", { name: "Truck", exact: true }).fill("T-1");
    await dispatchPanel.getByRole("textbox", { name: "Trailer", exact: true }).fill("TR-1");
    await dispatchPanel.getByRole("button", { name: "Dispatch" }).click();
    const trip = dispatchPanel.getByRole("status").getByRole("link", { name: /\/driver\/trip\// });
    await trip.waitFor();
    await expectAccessible(carrier, "confirm details: tender accepted and dispatched");
    const confirmation = await world.app.deps.db.loadConfirmation.findFirstOrThrow({
      where: { load: { loadId } },
    });
    expect(confirmation).toMatchObject({
      firstDriverName: "Dana Driver",
      firstDriverPhone: "+13035550100",
      truckNumber: "T-1",
      trailerNumber: "TR-1",
    });

    // Positions between the facilities, through the API as the driver's device sends them.
    const routeNumber = "RLIFE-1";
    const routed = await gql(
      world.app,
      "mutation($input: CreateRouteInput!) { addLoadsToRoute(input: $input) { __typename } }",
      { input: { routeNumber, loadIds: [loadId] } },
      { token: opsToken },
    );
    expect(routed.data).toMatchObject({ addLoadsToRoute: { __typename: "MutationAddLoadsToRouteSuccess" } });
    for (const [lat, lng] of [
      [41.2, -95.9],
      [40.8, -100.7],
    ]) {
      const sent = await rest(
        world.app,
        "POST",
        `/tracking/${routeNumber}/positions`,
        { positions: [{ lat, lng, recordedAt: new Date().toISOString() }] },
        { token: opsToken },
      );
      expect(sent.status).toBeLessThan(300);
    }

    // The stops, marked by the operator on the load detail.
    await page.goto(`/admin/ila/load/${loadId}`);
    for (const [label, notice] of [
      ["Mark stop 1 arrived", "Stop 1 marked arrived."],
      ["Mark stop 1 departed", "Stop 1 marked departed."],
      ["Mark stop 2 arrived", "Stop 2 marked arrived."],
    ]) {
      await page.getByRole("button", { name: label }).click();
      await page.getByText(notice).waitFor();
    }
    await expect
      .poll(async () => (await world.app.deps.db.load.findFirstOrThrow({ where: { loadId } })).status)
      .toBe("delivered");

    // The POD on the load detail; the invoice drafted on delivery carries the linehaul line.
    const documents = page.getByRole("region", { name: "Documents" });
    await documents.locator('input[type="file"]').setInputFiles({
      name: "pod.pdf",
      mimeType: "application/pdf",
      buffer: PDF,
    });
    await documents.getByRole("button", { name: "Upload" }).click();
    await documents.getByText("Proof of delivery: pod.pdf").waitFor();
    await page.reload();
    const invoiceLink = page.getByRole("region", { name: "Billing" }).getByRole("link", { name: /^INV/ });
    await invoiceLink.waitFor();
    await expectAccessible(page, "load detail delivered with its POD and invoice");
    await invoiceLink.click();
    const line = page.getByRole("group", { name: "Line 1" });
    await line.waitFor();
    expect(await line.getByRole("textbox", { name: "Amount" }).inputValue()).toBe("2000.00");
    await expect(line.getByRole("combobox", { name: "Kind" }).textContent()).resolves.toBe("Linehaul");
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Paid" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("entry-notice").getByText("Saved Correctly").waitFor();
    await expectAccessible(page, "invoice marked paid");

    const steps = await milestones(page, loadId);
    const expected = [
      MILESTONE_LABELS.covered,
      MILESTONE_LABELS.tender_accepted,
      MILESTONE_LABELS.dispatched,
      MILESTONE_LABELS.arrived,
      MILESTONE_LABELS.departed,
      MILESTONE_LABELS.arrived,
      MILESTONE_LABELS.delivered,
      // The customer rate was set, so delivery drafted the invoice; the POD came after.
      MILESTONE_LABELS.invoiced,
      MILESTONE_LABELS.pod_received,
      MILESTONE_LABELS.paid,
    ];
    expect(steps.map((step) => expected.find((label) => step.startsWith(label)) ?? step)).toEqual(expected);
    await expectAccessible(page, "load detail timeline, paid");
  }, 180_000);

  it("passes a declined tender to the next bidder, whose screen shows it", async () => {
    const loadId = "LIFE-2";
    await uploadLoads(world.app, opsToken, [
      {
        "Load ID": loadId,
        Customer: "USPS",
        "Origin NASS": "LIFECHI",
        "Destination NASS": "LIFEDEN",
        "Pickup Date": new Date(Date.now() + 2 * 86_400_000).toISOString(),
      },
    ]);
    const offer = await openOffer(world.app, opsToken, loadId);
    await ray.page.goto("/carrier/carrier-portal/active-offers");
    await bo.page.goto("/carrier/carrier-portal/active-offers");
    await bidOnScreen(ray, loadId, "1400");
    await bidOnScreen(bo, loadId, "1600");
    const rayBid = await world.app.deps.db.bid.findFirstOrThrow({
      where: { offerId: offer._id, user: { email: "ray@example.com" } },
    });
    const confirmed = await rest(
      world.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId: rayBid.id },
      { token: opsToken },
    );
    expect(confirmed.status).toBe(200);

    await ray.page.goto(`/carrier/carrier-portal/confirm-details/${loadId}`);
    const card = ray.page.getByRole("region", { name: "Tender" });
    await card.getByText("Pending").waitFor();
    await card.getByRole("button", { name: "Decline" }).click();
    const dialog = ray.page.getByRole("dialog", { name: "Decline tender" });
    await dialog.getByRole("textbox", { name: "Reason" }).fill("No truck free that day");
    await dialog.getByRole("button", { name: "Decline tender" }).click();
    await card.getByText("Declined", { exact: true }).waitFor();
    await card.getByText(/No truck free that day/).waitFor();

    // The next bidder's Carrier Portal offers it the tender at its own bid.
    await bo.page.goto(`/carrier/carrier-portal/confirm-details/${loadId}`);
    const next = bo.page.getByRole("region", { name: "Tender" });
    await next.getByText("Pending").waitFor();
    await next.getByText("$1,600.00", { exact: false }).waitFor();
    await next.getByRole("textbox", { name: "Full name" }).waitFor();
    await expectAccessible(bo.page, "next bidder's tender");

    // The operator's load detail shows the award with the next carrier.
    await admin.page.goto(`/admin/ila/load/${loadId}`);
    const operatorCard = admin.page.getByRole("region", { name: "Tender" });
    await operatorCard.getByText("Brooks Hauling", { exact: false }).waitFor();
    await operatorCard.getByText("Pending").waitFor();
  });
});
