import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_MESSAGES } from "../../common/documents.ts";
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
import { awardedLoad } from "../support/offers.ts";

/**
 * Documents on both sides of an awarded load: the winning carrier files its POD from the load's
 * confirm-details page, the operator sees it arrive on the load's detail page and downloads it.
 */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
let loadId = "";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops Admin" });
  const ops = await loginAs(world.app, "ops@example.com");
  const { load, winner } = await awardedLoad(world.app, ops.token);
  loadId = load.loadId;

  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world, PHONE);
  await loginThroughForm(carrier.page, winner.user.email);
  await carrier.page.waitForURL("**/carrier/**");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(carrier.errors).toEqual([]);
  await world?.close();
});

describe("load documents", () => {
  it("lets the winning carrier file a POD from its phone, refusing a file that is not a document", async () => {
    const { page } = carrier;
    await page.goto(`/carrier/carrier-portal/confirm-details/${loadId}`);
    const panel = page.getByRole("region", { name: "Documents" });
    await panel.getByText("No documents yet.").waitFor();
    await expect(panel.getByRole("combobox", { name: "Document type" }).textContent()).resolves.toBe(
      "Proof of delivery",
    );

    await panel.locator('input[type="file"]').setInputFiles({
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("not really a pdf"),
    });
    await panel.getByRole("button", { name: "Upload" }).click();
    await panel.getByRole("alert").getByText(DOCUMENT_MESSAGES.contentInvalid).waitFor();

    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: "pod.pdf", mimeType: "application/pdf", buffer: PDF });
    await panel.getByText("pod.pdf", { exact: true }).waitFor();
    await panel.getByRole("button", { name: "Upload" }).click();
    await panel.getByRole("status").getByText("pod.pdf uploaded.").waitFor();
    await panel.getByText("Proof of delivery: pod.pdf").waitFor();
    await panel.getByRole("button", { name: "Delete pod.pdf" }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "carrier confirm details with documents");
    expect(await world.app.deps.db.loadDocument.count()).toBe(1);
  });

  it("shows the operator the POD on the load, live, and downloads the file", async () => {
    const { page } = admin;
    await page.goto(`/admin/ila/load/${loadId}`);
    const panel = page.getByRole("region", { name: "Documents" });
    await panel.getByText("Proof of delivery: pod.pdf").waitFor();
    const milestones = page.getByRole("region", { name: "Timeline" }).getByRole("listitem");
    await expect(milestones.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Covered \(winner confirmed\).*by Ops Admin$/),
      expect.stringMatching(/^POD received: pod\.pdf.*by Bidder \d+$/),
    ]);

    const download = page.waitForEvent("download");
    await panel.getByRole("button", { name: "Download pod.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("pod.pdf");

    // The carrier files a BOL while the operator looks: it appears without a reload.
    await carrier.page
      .getByRole("region", { name: "Documents" })
      .getByRole("combobox", { name: "Document type" })
      .click();
    await carrier.page.getByRole("option", { name: "Bill of lading" }).click();
    await carrier.page
      .getByRole("region", { name: "Documents" })
      .locator('input[type="file"]')
      .setInputFiles({ name: "bol.pdf", mimeType: "application/pdf", buffer: PDF });
    await carrier.page
      .getByRole("region", { name: "Documents" })
      .getByRole("button", { name: "Upload" })
      .click();
    await panel.getByText("Bill of lading: bol.pdf").waitFor();
    await expectAccessible(page, "load detail with documents");
  });
});
