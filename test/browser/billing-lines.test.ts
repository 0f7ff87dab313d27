import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";

/** Line items on the invoice screens (issue #28): add and remove rows, the running total, the save. */
let world: BrowserWorld;
let admin: Tab;
let adminToken: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  // A second operator for the API calls: a sign-in through the form may end the first one's session.
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

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });

describe("invoice line items", () => {
  it("edits an invoice's lines: add a fuel line, the total and the amount follow, save, remove it again", async () => {
    const created = await rest<{ invoiceNumber: string }>(
      world.app,
      "POST",
      "/billing/accounts-receivable",
      { customerPayer: "Acme Foods", dueDate: "2030-01-15", amountDue: 1000, status: "pending" },
      { token: adminToken },
    );
    expect(created.status).toBe(201);
    const number = created.body.invoiceNumber;
    const { page } = admin;
    await page.goto(`/admin/ila/billing/accounts-receivable/${number}`);
    await page.getByRole("heading", { name: `ILA / Billing / Accounts Receivable / ${number}` }).waitFor();
    const first = page.getByRole("group", { name: "Line 1" });
    expect(await first.getByRole("textbox", { name: "Amount" }).inputValue()).toBe("1000.00");

    await page.getByRole("button", { name: "Add line" }).click();
    const second = page.getByRole("group", { name: "Line 2" });
    await second.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "Fuel" }).click();
    await second.getByRole("textbox", { name: "Description" }).fill("Fuel surcharge");
    await second.getByRole("textbox", { name: "Amount" }).fill("80.25");
    await eventually(() => page.getByTestId("lines-total").textContent()).toBe("Total: $1,080.25");
    expect(await page.getByRole("spinbutton", { name: "Amount Due" }).inputValue()).toBe("1080.25");
    await expectAccessible(page, "invoice detail with line items");

    await second.getByRole("textbox", { name: "Amount" }).fill("-3");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await second.getByText("Amount cannot be negative").waitFor();
    await second.getByRole("textbox", { name: "Amount" }).fill("80.25");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("entry-notice").getByText("Saved Correctly").waitFor();
    const stored = await world.app.deps.db.invoice.findUniqueOrThrow({
      where: { invoiceNumber: number },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    expect(stored.amountDueCents).toBe(108_025);
    expect(stored.lines.map((line) => [line.kind, line.description, line.amountCents])).toEqual([
      ["linehaul", "", 100_000],
      ["fuel", "Fuel surcharge", 8_025],
    ]);

    await page.getByRole("button", { name: "Remove line 2" }).click();
    await eventually(() => page.getByTestId("lines-total").textContent()).toBe("Total: $1,000.00");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await eventually(async () => {
      const row = await world.app.deps.db.invoice.findUniqueOrThrow({ where: { invoiceNumber: number } });
      return row.amountDueCents;
    }).toBe(100_000);
  });

  it("adds an invoice from lines in the Add dialog, accessible with its rows", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/billing");
    await page.getByRole("heading", { name: "ILA / Billing", exact: true }).waitFor();
    await page.getByRole("button", { name: "Manual update" }).click();
    const form = page.getByRole("dialog", { name: "Add Invoice" });
    await form.waitFor();
    await form.getByRole("textbox", { name: "Customer/Payer" }).fill("Lines Co");
    await form.getByLabel("Due Date").fill("2030-03-01");
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Pending" }).click();
    await form.getByRole("button", { name: "Add line" }).click();
    await form.getByRole("group", { name: "Line 1" }).getByRole("textbox", { name: "Amount" }).fill("500");
    await form.getByRole("button", { name: "Add line" }).click();
    await form.getByRole("group", { name: "Line 2" }).getByRole("textbox", { name: "Amount" }).fill("25.50");
    await eventually(() => form.getByTestId("lines-total").textContent()).toBe("Total: $525.50");
    await expectAccessible(page, "add invoice with line items");
    await form.getByRole("button", { name: "Add Invoice" }).click();
    await form.waitFor({ state: "detached" });
    const stored = await world.app.deps.db.invoice.findFirstOrThrow({
      where: { customerPayer: "Lines Co" },
      include: { lines: true },
    });
    expect(stored.amountDueCents).toBe(52_550);
    expect(stored.lines).toHaveLength(2);
  });
});
