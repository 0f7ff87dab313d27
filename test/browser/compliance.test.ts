import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, COMPLIANCE_MESSAGES } from "../../common/compliance.ts";
import { createUser, loginAs } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { biddableLoad, openOffer } from "../support/offers.ts";

/**
 * Issue 29's compliance gate on screen: the operator sees a carrier's compliance on the carrier
 * list and its detail; with CARRIER_COMPLIANCE=required a non-compliant carrier's Place Your Bid
 * says why and does not submit.
 */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
let loadId = "";

beforeAll(async () => {
  world = await startBrowserWorld({ carrierCompliance: "required" });
  const ops = await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops Admin" });
  const company = await world.app.deps.db.carrier.create({
    data: {
      carrierId: "CAR-770001",
      carrierName: "Lapsed Cover Freight",
      dotNumber: "7700001",
      mcNumber: "7700001",
      contactName: "Lee Lapsed",
      contactPhone: "+12015550177",
      contactEmail: "lapsed@example.com",
    },
  });
  const expired = addDays(new Date().toISOString().slice(0, 10), -3);
  const insurance = await world.app.deps.db.carrierDocument.create({
    data: {
      carrierId: company.id,
      type: "INSURANCE_CERTIFICATE",
      fileName: "coi.pdf",
      contentType: "application/pdf",
      size: 10,
      sha256: "0".repeat(64),
      insuranceExpiresOn: expired,
    },
  });
  await world.app.deps.db.carrierCompliance.create({
    data: {
      carrierId: company.id,
      authorityStatus: "active",
      authorityCheckedOn: expired,
      authoritySource: "manual",
      insuranceCoverageCents: 100_000_000,
      insuranceDocumentId: insurance.id,
    },
  });
  const driver = await createUser(world.app, { email: "driver@example.com", fullName: "Dee Driver" });
  await world.app.deps.db.user.update({ where: { id: driver.id }, data: { carrierId: company.id } });

  const load = await biddableLoad(world.app);
  loadId = load.loadId;
  const { token } = await loginAs(world.app, ops.email);
  await openOffer(world.app, token, loadId);
  // Signing in through the form ends the API session above (one session per operator).
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world);
  await loginThroughForm(carrier.page, "driver@example.com");
  await carrier.page.waitForURL("**/carrier/**");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(carrier.errors).toEqual([]);
  await world?.close();
});

describe("compliance on screen", () => {
  it("shows the operator the chip on the carrier list and the panel with the reasons on its detail", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/carriers");
    const listed = page.getByRole("row").filter({ hasText: "Lapsed Cover Freight" });
    await listed.getByTestId("compliance-chip").getByText("Insurance expired").waitFor();
    await page.goto("/admin/ila/carriers/CAR-770001");
    const panel = page.getByRole("region", { name: "Compliance" });
    await panel.getByText("Insurance expired").first().waitFor();
    const reasons = panel.getByTestId("compliance-reasons");
    await reasons.getByText(/Bidding and awards are blocked/).waitFor();
    const text = await reasons.textContent();
    expect(text).toContain(
      COMPLIANCE_MESSAGES.insuranceExpired(addDays(new Date().toISOString().slice(0, 10), -3)),
    );
    expect(text).toContain(COMPLIANCE_MESSAGES.w9Missing);
    await panel.getByText("$1,000,000.00").waitFor();
    await expectAccessible(page, "carrier detail with compliance panel");
  });

  it("tells a non-compliant carrier why it cannot bid and keeps Submit Bid disabled", async () => {
    const { page } = carrier;
    await page.goto("/carrier/carrier-portal/active-offers");
    const offerRow = page.getByRole("row").filter({ hasText: loadId });
    await offerRow.getByRole("button", { name: `Place your bid on ${loadId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Place Your Bid" });
    const blocked = dialog.getByTestId("bid-blocked");
    await blocked.getByText(/Your carrier company is not compliant, so you cannot bid/).waitFor();
    expect(await blocked.textContent()).toContain(COMPLIANCE_MESSAGES.w9Missing);
    expect(await dialog.getByRole("button", { name: "Submit Bid" }).isDisabled()).toBe(true);
    await expectAccessible(page, "blocked place your bid dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await world.app.deps.db.bid.count()).toBe(0);
  });

  it("warns the carrier on its own account page", async () => {
    const { page } = carrier;
    await page.goto("/carrier/my-profile");
    const panel = page.getByRole("region", { name: "Your company's compliance" });
    await panel
      .getByTestId("compliance-reasons")
      .getByText(/Insurance expired on/)
      .waitFor();
    await expectAccessible(page, "carrier account with compliance panel");
  });
});
