import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_TEXTS } from "../../common/billing.ts";
import { createBillForWinner } from "../../server/billing/operations.ts";
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
} from "../support/browser.ts";

let world: BrowserWorld;
let admin: Tab;
let adminToken: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
  adminToken = (await loginAs(world.app, "ops@example.com")).token;
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

const table = (page: Page, name: "Accounts Receivable" | "Accounts Payable") =>
  page.getByRole("table", { name });
const firstColumn = (page: Page, name: "Accounts Receivable" | "Accounts Payable") =>
  table(page, name).locator("tbody tr td:first-child").allTextContents();

/** Screens answer through the real server on a busy machine: give them time. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });

/** The failures a test caused on purpose (aborted requests) are expected; anything else is not. */
function dropInjectedNetworkErrors(tab: Tab) {
  const unexpected = tab.errors.filter((error) => !/NetworkError|Fetch failed|Failed to fetch/.test(error));
  tab.errors.splice(0, tab.errors.length, ...unexpected);
}

async function openBilling(page: Page, query = "") {
  await page.goto(`/admin/ila/billing${query}`);
  await page.getByRole("heading", { name: "ILA / Billing", exact: true }).waitFor();
}

describe("billing list", () => {
  it("starts on an empty Accounts Receivable with the spec's columns and the aging strip", async () => {
    const { page } = admin;
    await openBilling(page);
    await table(page, "Accounts Receivable").waitFor();
    await page.getByText("No loads found.", { exact: true }).waitFor();
    const headers = await table(page, "Accounts Receivable").locator("thead th").allTextContents();
    expect(headers).toEqual([
      "Invoice Number",
      "Customer/Payer",
      "Due Date",
      "Amount Due",
      "Status",
      "Actions",
    ]);
    await page.getByTestId("aging-strip").waitFor();
    await expectAccessible(page, "accounts receivable");
    expect(await page.getByTestId("aging-total").textContent()).toBe("$0.00");
  });

  it("adds an invoice: the form's errors first, an edit clears its error, then the invoice in the list", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Manual update" }).click();
    const form = page.getByRole("dialog", { name: "Add Invoice" });
    await form.waitFor();
    await form.getByRole("button", { name: "Add Invoice" }).click();
    for (const text of [
      "Customer or Payer is required",
      "Due Date is required",
      "Amount Date is required",
      "Status is required",
    ]) {
      await form.getByText(text, { exact: true }).waitFor();
    }
    await form.getByRole("textbox", { name: "Customer/Payer" }).fill("Acme Foods");
    await eventually(() => form.getByText("Customer or Payer is required").count()).toBe(0);
    await form.getByLabel("Due Date").fill("2020-01-10");
    await form.getByRole("spinbutton", { name: "Amount Due" }).fill("12.345");
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Pending" }).click();
    await form.getByRole("button", { name: "Add Invoice" }).click();
    await form.getByText("Amount can have at most two decimals", { exact: true }).waitFor();
    await form.getByRole("spinbutton", { name: "Amount Due" }).fill("1250.50");
    await form.getByRole("button", { name: "Add Invoice" }).click();
    await form.waitFor({ state: "detached" });
    await page
      .getByTestId("billing-notice")
      .getByText(/Invoice added: INV-\d{6}/)
      .waitFor();
    await eventually(() => firstColumn(page, "Accounts Receivable")).toEqual([
      expect.stringMatching(/^INV-\d{6}$/),
    ]);
    const row = table(page, "Accounts Receivable").locator("tbody tr").first();
    await row.getByText("$1,250.50").waitFor();
    await row.getByText(/Past due \d+ d/).waitFor();
    expect(await page.getByTestId("billing-total").textContent()).toBe("$1,250.50");
    expect(await page.getByTestId("aging-days90plus").textContent()).toBe("$1,250.50");
  });

  it("shows the create-error texts like Add Carrier: network failure", async () => {
    const { page } = admin;
    await page.route("**/graphql", async (route) => {
      if (route.request().postData()?.includes("useCreateInvoiceMutation"))
        await route.abort("connectionrefused");
      else await route.continue();
    });
    try {
      await page.getByRole("button", { name: "Manual update" }).click();
      const form = page.getByRole("dialog", { name: "Add Invoice" });
      await form.getByRole("textbox", { name: "Customer/Payer" }).fill("Offline Co");
      await form.getByLabel("Due Date").fill("2030-01-10");
      await form.getByRole("spinbutton", { name: "Amount Due" }).fill("5");
      await form.getByRole("combobox", { name: "Status" }).click();
      await page.getByRole("option", { name: "Paid" }).click();
      await form.getByRole("button", { name: "Add Invoice" }).click();
      await page
        .getByTestId("add-entry-alert")
        .getByText("Network Error: Could not connect to the server. Please try again.")
        .waitFor();
      await form
        .getByTestId("add-entry-error")
        .getByText("An unexpected error occurred while creating the invoice.")
        .waitFor();
      await form.getByRole("button", { name: "Cancel" }).click();
      await form.waitFor({ state: "detached" });
    } finally {
      await page.unroute("**/graphql");
      dropInjectedNetworkErrors(admin);
    }
  });

  it("filters, sorts and pages through the server, with the criteria in the address", async () => {
    const { page } = admin;
    for (const [customerPayer, amountDue, status] of [
      ["Zeta Paid", "10.00", "paid"],
      ["Beta Paid", "300.00", "paid"],
      ["Gamma Canceled", "20.00", "canceled"],
    ]) {
      const created = await rest(
        world.app,
        "POST",
        "/billing/accounts-receivable",
        { customerPayer, dueDate: "2030-05-01", amountDue, status },
        { token: adminToken },
      );
      expect(created.status).toBe(201);
    }
    await openBilling(page);
    await eventually(async () => (await firstColumn(page, "Accounts Receivable")).length).toBe(4);

    await page.getByRole("button", { name: "Filter" }).click();
    const filter = page.getByRole("dialog", { name: "Filter" });
    await filter.getByRole("checkbox", { name: "Paid" }).check();
    await filter.getByRole("button", { name: "Apply" }).click();
    await eventually(() =>
      table(page, "Accounts Receivable").locator("tbody tr td:nth-child(2)").allTextContents(),
    ).toEqual(["Beta Paid", "Zeta Paid"]);
    expect(page.url()).toContain("status=paid");
    expect(await page.getByTestId("billing-total").textContent()).toBe("$310.00");

    await table(page, "Accounts Receivable").getByRole("button", { name: "Amount Due" }).click();
    await eventually(() =>
      table(page, "Accounts Receivable").locator("tbody tr td:nth-child(2)").allTextContents(),
    ).toEqual(["Zeta Paid", "Beta Paid"]);
    await table(page, "Accounts Receivable").getByRole("button", { name: "Amount Due" }).click();
    await eventually(() =>
      table(page, "Accounts Receivable").locator("tbody tr td:nth-child(2)").allTextContents(),
    ).toEqual(["Beta Paid", "Zeta Paid"]);
    expect(page.url()).toContain("sort=AMOUNT");

    // A reload keeps the criteria.
    await page.reload();
    await eventually(() =>
      table(page, "Accounts Receivable").locator("tbody tr td:nth-child(2)").allTextContents(),
    ).toEqual(["Beta Paid", "Zeta Paid"]);

    await page.getByRole("button", { name: "Sort" }).click();
    await page.getByRole("menuitemradio", { name: "Customer/Payer, ascending" }).click();
    await eventually(() =>
      table(page, "Accounts Receivable").locator("tbody tr td:nth-child(2)").allTextContents(),
    ).toEqual(["Beta Paid", "Zeta Paid"]);
  });

  it("exports what the list shows as CSV", async () => {
    const { page } = admin;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^accounts-receivable-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "Invoice Number,Customer/Payer,Due Date,Amount Due,Status,Past Due Days,Load ID,Tracking Link",
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 5).join(","))).toEqual([
      "Beta Paid,2030-05-01,300.00,Paid",
      "Zeta Paid,2030-05-01,10.00,Paid",
    ]);
  });

  it("toggles to Accounts Payable, adds a bill, and toggles back", async () => {
    const { page } = admin;
    await page.getByRole("button", { name: "Accounts Payable" }).click();
    await table(page, "Accounts Payable").waitFor();
    expect(page.url()).toContain("ledger=payable");
    expect(page.url()).not.toContain("status=");
    await page.getByText("No loads found.", { exact: true }).waitFor();
    expect(await page.getByTestId("aging-strip").count()).toBe(0);
    const headers = await table(page, "Accounts Payable").locator("thead th").allTextContents();
    expect(headers).toEqual(["Bill Number", "Carrier", "Payment Date", "Amount", "Status", "Actions"]);

    await page.getByRole("button", { name: "Manual update" }).click();
    const form = page.getByRole("dialog", { name: "Add Bill" });
    await form.getByRole("button", { name: "Add Bill" }).click();
    for (const text of [
      "Customer or Payer is required",
      "Due Date is required",
      "Amount Date is required",
      "Status is required",
    ]) {
      await form.getByText(text, { exact: true }).waitFor();
    }
    await form.getByRole("textbox", { name: "Carrier" }).fill("Ramirez Trucking");
    await form.getByLabel("Payment Date").fill("2030-02-01");
    await form.getByRole("spinbutton", { name: "Amount" }).fill("980");
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Overdue" }).click();
    await form.getByRole("button", { name: "Add Bill" }).click();
    await form.waitFor({ state: "detached" });
    await eventually(() => firstColumn(page, "Accounts Payable")).toEqual([
      expect.stringMatching(/^BILL-\d{6}$/),
    ]);
    await table(page, "Accounts Payable").getByText("$980.00").waitFor();

    await page.getByRole("button", { name: "Accounts Receivable" }).click();
    await table(page, "Accounts Receivable").waitFor();
    await eventually(async () => (await firstColumn(page, "Accounts Receivable")).length).toBe(4);
  });

  it("shows the spec's fetch failure texts", async () => {
    const { page } = admin;
    await page.route("**/graphql", async (route) => {
      const body = route.request().postData() ?? "";
      if (body.includes("ReceivablesPageQuery") || body.includes("PayablesPageQuery"))
        await route.abort("failed");
      else await route.continue();
    });
    try {
      await openBilling(page);
      await page.getByText("No se pudieron obtener las recibos", { exact: true }).waitFor();
      await openBilling(page, "?ledger=payable");
      await page.getByText("No se pudieron obtener las cargas", { exact: true }).waitFor();
    } finally {
      await page.unroute("**/graphql");
      dropInjectedNetworkErrors(admin);
    }
    await page.goto("/admin/ila/billing/accounts-receivable/INV-999999");
    await page.getByRole("alert").getByText("No se pudo obtener la factura", { exact: true }).waitFor();
    await page.goto("/admin/ila/billing/accounts-payable/BILL-999999");
    await page.getByRole("alert").getByText("No se pudo obtener la factura", { exact: true }).waitFor();
  });
});

describe("invoice detail", () => {
  it("edits an invoice: read-only number, 'Requerido', 'Saved Correctly', then 'Error saving'", async () => {
    const { page } = admin;
    await openBilling(page);
    await table(page, "Accounts Receivable").getByRole("link", { name: /^INV-/ }).first().waitFor();
    const number = (await table(page, "Accounts Receivable")
      .getByRole("link", { name: /^INV-/ })
      .first()
      .textContent())!;
    await table(page, "Accounts Receivable").getByRole("link", { name: number }).click();
    await page.waitForURL(`**/admin/ila/billing/accounts-receivable/${number}`);
    await page.getByRole("heading", { name: `ILA / Billing / Accounts Receivable / ${number}` }).waitFor();
    const numberField = page.getByRole("textbox", { name: "Invoice Number" });
    expect(await numberField.getAttribute("readonly")).not.toBeNull();
    expect(await page.getByRole("spinbutton", { name: "Amount Due" }).getAttribute("step")).toBe("0.01");

    const party = page.getByRole("textbox", { name: "Customer/Payer" });
    await party.fill("");
    await page.getByRole("spinbutton", { name: "Amount Due" }).fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Requerido", { exact: true }).waitFor();
    await page.getByText("Debe ser número", { exact: true }).waitFor();
    await party.fill("Renamed Payer");
    await eventually(() => page.getByText("Requerido", { exact: true }).count()).toBe(0);
    await page.getByRole("spinbutton", { name: "Amount Due" }).fill("0.01");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("entry-notice").getByText("Saved Correctly").waitFor();
    const stored = await world.app.deps.db.invoice.findUniqueOrThrow({ where: { invoiceNumber: number } });
    expect(stored).toMatchObject({ customerPayer: "Renamed Payer", amountDueCents: 1 });

    await page.getByRole("textbox", { name: "Load ID" }).fill("NO-SUCH-LOAD");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("entry-notice").getByText("Error saving").waitFor();
    await page.getByTestId("entry-save-error").getByText("No se pudo actualizar la factura").waitFor();
    await page.getByText("Load not found", { exact: true }).waitFor();
  });

  it("refuses a save over a colleague's change with the server's message, then reloads the invoice on request", async () => {
    const { page } = admin;
    const invoice = await world.app.deps.db.invoice.findFirstOrThrow({ orderBy: { invoiceNumber: "asc" } });
    const number = invoice.invoiceNumber;
    await page.goto(`/admin/ila/billing/accounts-receivable/${number}`);
    const party = page.getByRole("textbox", { name: "Customer/Payer" });
    await party.waitFor();
    await party.fill("Mine");
    // A colleague saves the invoice after this screen read it.
    const theirs = await rest(
      world.app,
      "PUT",
      `/billing/accounts-receivable/${number}`,
      { customerPayer: "Theirs", dueDate: "2026-12-31", amountDue: "12.34", status: "pending" },
      { token: adminToken },
    );
    expect(theirs.status).toBe(200);

    await page.getByRole("button", { name: "Save Changes" }).click();
    const alert = page.getByTestId("entry-save-error").filter({ hasText: BILLING_TEXTS.invoiceChanged });
    await alert.waitFor();
    await page.getByTestId("entry-notice").getByText("Error saving").waitFor();
    const stored = await world.app.deps.db.invoice.findUniqueOrThrow({ where: { invoiceNumber: number } });
    expect(stored).toMatchObject({ customerPayer: "Theirs", amountDueCents: 1234 });
    await expectAccessible(page, "invoice detail refusing a stale save");

    await alert.getByRole("button", { name: "Reload" }).click();
    await alert.waitFor({ state: "hidden" });
    await eventually(() => party.inputValue()).toBe("Theirs");
    await expect(page.getByRole("spinbutton", { name: "Amount Due" }).inputValue()).resolves.toBe("12.34");
    await party.fill("Mine");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("entry-notice").getByText("Saved Correctly").waitFor();
    // The form follows its own saves: a second one goes through too.
    await party.fill("Mine again");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await eventually(
      async () =>
        (await world.app.deps.db.invoice.findUniqueOrThrow({ where: { invoiceNumber: number } }))
          .customerPayer,
    ).toBe("Mine again");
  });

  it("the load detail shows revenue, cost and margin; a delivered load's rate drafts its invoice", async () => {
    const { page } = admin;
    const load = await world.app.deps.db.load.create({
      data: { loadId: "MARGIN-1", customer: "Margin Foods", status: "delivered" },
    });
    await world.app.deps.db.$transaction((tx) =>
      createBillForWinner(
        {
          loadId: load.id,
          carrierName: "Brooks Freight Co.",
          amountCents: 150_000,
          actor: { id: null, ip: null },
        },
        tx,
      ),
    );
    await page.goto("/admin/ila/load/MARGIN-1");
    const billing = page.getByRole("region", { name: "Billing" });
    await billing.waitFor();
    expect(await billing.getByTestId("load-cost").textContent()).toBe("$1,500.00");
    expect(await billing.getByTestId("load-margin").textContent()).toBe("—");
    await billing.getByRole("spinbutton", { name: "Customer rate" }).fill("2000");
    await billing.getByRole("button", { name: "Save rate" }).click();
    await billing.getByText("Saved Correctly").waitFor();
    await eventually(() => billing.getByTestId("load-margin").textContent()).toBe("$500.00");
    expect(await billing.getByTestId("load-revenue").textContent()).toBe("$2,000.00");
    expect(await billing.getByTestId("load-margin-").textContent()).toBe("25%");
    await billing.getByRole("link", { name: /^INV-/ }).waitFor();
    await billing.getByRole("link", { name: /^BILL-/ }).click();
    await page.getByRole("button", { name: "Rate confirmation (PDF)" }).waitFor();
  });

  it("fits a 390 px phone: the ledger becomes cards", async () => {
    const phone = await openTab(world, PHONE);
    await createUser(world.app, { email: "pat@example.com", role: "ADMIN" });
    await loginThroughForm(phone.page, "pat@example.com");
    await phone.page.waitForURL("**/admin/ila/load");
    await openBilling(phone.page);
    const cards = phone.page.getByRole("list", { name: "Accounts Receivable" }).getByRole("listitem");
    await cards.first().waitFor();
    await expect(cards.first().locator("dt").allTextContents()).resolves.toEqual([
      "Invoice Number",
      "Customer/Payer",
      "Due Date",
      "Amount Due",
      "Status",
      "Actions",
    ]);
    expect(await horizontalOverflow(phone.page)).toBeLessThanOrEqual(0);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
