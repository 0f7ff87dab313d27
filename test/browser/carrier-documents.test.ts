import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
 * A carrier company's paperwork (issue #28): its own user files the insurance certificate from
 * the account page on a phone; the operator finds it on the carrier's page.
 */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops Admin" });
  const company = await world.app.deps.db.carrier.create({
    data: {
      carrierId: "CAR-880001",
      carrierName: "Paper Trail Haulage",
      dotNumber: "8800001",
      mcNumber: "8800001",
      contactName: "Pat Paper",
      contactPhone: "+12015550188",
      contactEmail: "paper-trail@example.com",
    },
  });
  const driver = await createUser(world.app, { email: "driver@example.com", fullName: "Dee Driver" });
  await world.app.deps.db.user.update({ where: { id: driver.id }, data: { carrierId: company.id } });

  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world, PHONE);
  await loginThroughForm(carrier.page, "driver@example.com");
  await carrier.page.waitForURL("**/carrier/**");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(carrier.errors).toEqual([]);
  await world?.close();
});

describe("carrier documents", () => {
  it("lets the company's user file its insurance certificate with an expiry from a phone", async () => {
    const { page } = carrier;
    await page.goto("/carrier/my-profile");
    const panel = page.getByRole("region", { name: "Company documents" });
    await panel.getByText("No documents yet.").waitFor();
    await panel.getByRole("combobox", { name: "Document type" }).click();
    await page.getByRole("option", { name: "Insurance certificate" }).click();
    await panel.getByLabel("Expires on").fill("2027-06-30");
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: "coi.pdf", mimeType: "application/pdf", buffer: PDF });
    await panel.getByRole("button", { name: "Upload" }).click();
    await panel.getByRole("status").getByText("coi.pdf uploaded.").waitFor();
    await panel.getByText("Insurance certificate: coi.pdf").waitFor();
    await panel.getByText(/expires 06\/30\/2027/).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "carrier account with company documents");
    const [row] = await world.app.deps.db.carrierDocument.findMany();
    expect(row?.insuranceExpiresOn).toBe("2027-06-30");
  });

  it("shows the operator the certificate on the carrier's page", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/carriers/CAR-880001");
    const panel = page.getByRole("region", { name: "Company documents" });
    await panel.getByText("Insurance certificate: coi.pdf").waitFor();
    await panel.getByRole("button", { name: "Delete coi.pdf" }).waitFor();
    await expectAccessible(page, "operator carrier page with company documents");
  });
});
