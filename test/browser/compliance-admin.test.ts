import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../common/compliance.ts";
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

/**
 * Issue 29's compliance gate, the operator's side: recording and verifying a carrier's compliance
 * from its detail, and importing the FMCSA census from the carrier list.
 */
let world: BrowserWorld;
let admin: Tab;
let companyId = "";
let insuranceId = "";
let w9Id = "";

const today = () => new Date().toISOString().slice(0, 10);

async function carrierCompany(carrierId: string, carrierName: string, dotNumber: string) {
  return world.app.deps.db.carrier.create({
    data: {
      carrierId,
      carrierName,
      dotNumber,
      mcNumber: dotNumber,
      contactName: "Casey Carrier",
      contactPhone: "+12015550178",
      contactEmail: `${carrierId.toLowerCase()}@example.com`,
    },
  });
}

beforeAll(async () => {
  world = await startBrowserWorld({ carrierCompliance: "required" });
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops Admin" });
  const company = await carrierCompany("CAR-780001", "Fresh Papers Freight", "7800001");
  companyId = company.id;
  const document = (type: "INSURANCE_CERTIFICATE" | "W9", fileName: string, expires: string | null) =>
    world.app.deps.db.carrierDocument.create({
      data: {
        carrierId: company.id,
        type,
        fileName,
        contentType: "application/pdf",
        size: 10,
        sha256: "0".repeat(64),
        insuranceExpiresOn: expires,
      },
    });
  insuranceId = (await document("INSURANCE_CERTIFICATE", "coi-2027.pdf", addDays(today(), 200))).id;
  w9Id = (await document("W9", "w9-signed.pdf", null)).id;
  await carrierCompany("CAR-780002", "Census Listed Haulers", "7800002");

  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin?.errors).toEqual([]);
  await world?.close();
});

describe("compliance administration on screen", () => {
  it("records the authority and coverage and verifies the documents: the chip turns Compliant without a reload", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/carriers/CAR-780001");
    const panel = page.getByRole("region", { name: "Compliance" });
    await panel.getByTestId("compliance-chip").getByText("Missing documents").waitFor();
    await panel.getByRole("button", { name: "Record compliance" }).click();
    const dialog = page.getByRole("dialog", { name: "Record compliance" });
    await dialog.getByLabel("Verify insurance certificate coi-2027.pdf", { exact: false }).waitFor();
    await expectAccessible(page, "record compliance dialog");

    // The server's refusal shows under its field, and nothing changes.
    await dialog.getByLabel("Insurance coverage ($)").fill("0");
    await dialog.getByRole("button", { name: "Record" }).click();
    const coverage = dialog.getByRole("textbox", { name: "Insurance coverage ($)" });
    await dialog.getByText(/Coverage must be an amount in dollars/).waitFor();
    expect(await coverage.getAttribute("aria-invalid")).toBe("true");
    expect(await world.app.deps.db.carrierCompliance.count({ where: { carrierId: companyId } })).toBe(0);

    // Keyboard: the authority status is a labelled select.
    await dialog.getByRole("combobox", { name: "Authority status" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: "Active", exact: true }).click();
    expect(await dialog.getByLabel("Checked on").inputValue()).toBe(today());
    await dialog.getByLabel("Insurance coverage ($)").fill("1000000");
    await dialog.getByLabel(/Verify insurance certificate/).check();
    await dialog.getByLabel(/Verify W-9/).check();
    await dialog.getByRole("button", { name: "Record" }).click();
    await dialog.waitFor({ state: "hidden" });

    await panel.getByTestId("compliance-chip").getByText("Compliant").waitFor();
    await panel.getByText("$1,000,000.00").waitFor();
    await panel.getByText("On file, verified").waitFor();
    const saved = await world.app.deps.db.carrierCompliance.findUniqueOrThrow({
      where: { carrierId: companyId },
    });
    expect(saved).toMatchObject({
      authorityStatus: "active",
      authorityCheckedOn: today(),
      insuranceCoverageCents: 100_000_000,
      insuranceDocumentId: insuranceId,
      w9DocumentId: w9Id,
    });
    expect(saved.insuranceVerifiedAt).not.toBeNull();
    expect(saved.w9VerifiedAt).not.toBeNull();
  });

  it("imports a census CSV and shows what it matched, updated and refused", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/carriers");
    const listed = page.getByRole("row").filter({ hasText: "Census Listed Haulers" });
    await listed.getByTestId("compliance-chip").getByText("Missing documents").waitFor();
    await page.getByRole("button", { name: "Import census" }).click();
    const dialog = page.getByRole("dialog", { name: "Import the FMCSA census" });
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByTestId("census-error").getByText("Choose the census CSV file first.").waitFor();
    const csv = "DOT_NUMBER,STATUS_CODE\n7800002,R\n9999991,A\nnot-a-dot,A\n";
    await dialog.getByTestId("census-file").setInputFiles({
      name: "census.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await dialog.getByText("census.csv").waitFor();
    await dialog.getByRole("button", { name: "Import" }).click();
    const result = dialog.getByTestId("census-result");
    await result
      .getByText("3 rows read: 1 matched and updated, 1 not on the platform, 1 with errors.")
      .waitFor();
    await result
      .getByRole("list", { name: "Rows with errors" })
      .getByText(/Row 3, DOT_NUMBER/)
      .waitFor();
    await expectAccessible(page, "census import dialog with its result");
    await dialog.getByRole("button", { name: "Close" }).click();
    await listed.getByTestId("compliance-chip").getByText("No active authority").waitFor();
  });

  it("fits the record dialog on a 390 px phone", async () => {
    const { page } = admin;
    await page.setViewportSize(PHONE);
    await page.goto("/admin/ila/carriers/CAR-780002");
    await page.getByRole("button", { name: "Record compliance" }).click();
    const dialog = page.getByRole("dialog", { name: "Record compliance" });
    await dialog.getByText("Verify W-9 (none on file)").waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });
});
