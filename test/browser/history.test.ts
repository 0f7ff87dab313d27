import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs, rest } from "../support/app.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { createNassCodes, uploadLoads } from "../support/loads.ts";
import { biddableLoad, openOffer } from "../support/offers.ts";

/** "Who changed this and when?" on every detail screen, from writes made through the API. */
let world: BrowserWorld;
let admin: Tab;
let opsToken: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
  opsToken = (await loginAs(world.app, "ops@example.com")).token;
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

async function openHistory(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("button", { name: "History" }).click();
  await page.getByTestId("history-entry").first().waitFor();
  return page.getByTestId("history-entry");
}

describe("History panels", () => {
  it("a load shows the bulk upload that created it, then an operator's edit", async () => {
    await createNassCodes(world.app, ["BHCHI"]);
    await uploadLoads(world.app, opsToken, [{ "Load ID": "BH-1" }], "USPS");
    const batch = await world.app.deps.db.uploadBatch.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    await rest(world.app, "PUT", "/loads/BH-1", { customer: "Acme" }, { token: opsToken });
    const entries = await openHistory(admin.page, "/admin/ila/load/BH-1");
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2);
    await entries.nth(0).getByText("load.update · ops@example.com").waitFor();
    await entries.nth(0).getByText("Acme").waitFor();
    await entries.nth(1).getByText("load.upload.created · ops@example.com").waitFor();
    await entries.nth(1).getByText(`Created by bulk upload ${batch.id} (stream USPS, 1 rows)`).waitFor();
  });

  it("a route shows its creation and its save", async () => {
    await uploadLoads(world.app, opsToken, [{ "Load ID": "BH-R1" }, { "Load ID": "BH-R2" }]);
    await rest(
      world.app,
      "POST",
      "/routing",
      { routeNumber: "BHR-1", loadIds: ["BH-R1"] },
      { token: opsToken },
    );
    await rest(
      world.app,
      "PUT",
      "/routing/BHR-1",
      { assignedLoads: ["BH-R1", "BH-R2"] },
      { token: opsToken },
    );
    const entries = await openHistory(admin.page, "/admin/ila/routing/BHR-1");
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2);
    await entries.nth(0).getByText("route.update · ops@example.com").waitFor();
    await entries.nth(0).getByText("loads", { exact: true }).waitFor();
    await entries.nth(1).getByText("route.create · ops@example.com").waitFor();
  });

  it("an offer shows its start", async () => {
    const load = await biddableLoad(world.app);
    await openOffer(world.app, opsToken, load.loadId);
    const entries = await openHistory(
      admin.page,
      `/admin/carrier-portal/active-offers/${load.loadId}/bidders`,
    );
    await entries.nth(0).getByText("offer.start · ops@example.com").waitFor();
  });

  it("an invoice and a bill show their edit with before and after", async () => {
    const invoice = await rest<{ invoiceNumber: string }>(
      world.app,
      "POST",
      "/billing/accounts-receivable",
      { customerPayer: "Acme Foods", dueDate: "2030-01-15", amountDue: "100.00", status: "pending" },
      { token: opsToken },
    );
    const number = invoice.body.invoiceNumber;
    await rest(
      world.app,
      "PUT",
      `/billing/accounts-receivable/${number}`,
      { customerPayer: "Acme Foods", dueDate: "2030-01-15", amountDue: "100.00", status: "paid" },
      { token: opsToken },
    );
    const invoiceEntries = await openHistory(admin.page, `/admin/ila/billing/accounts-receivable/${number}`);
    await expect.poll(() => invoiceEntries.count(), { timeout: 10_000 }).toBe(2);
    await invoiceEntries.nth(0).getByText("invoice.update · ops@example.com").waitFor();
    await invoiceEntries.nth(0).getByText("paid").waitFor();

    const bill = await rest<{ billNumber: string }>(
      world.app,
      "POST",
      "/billing/accounts-payable",
      { carrier: "Ramirez Trucking", paymentDate: "2030-01-20", amount: "980.00", status: "pending" },
      { token: opsToken },
    );
    const billNumber = bill.body.billNumber;
    const billEntries = await openHistory(admin.page, `/admin/ila/billing/accounts-payable/${billNumber}`);
    await billEntries.nth(0).getByText("bill.create · ops@example.com").waitFor();
  });
});
