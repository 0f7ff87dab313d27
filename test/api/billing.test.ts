import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type Session, type TestApp } from "../support/app.ts";
import { countQueries } from "../support/query-count.ts";

let t: TestApp;
let admin: Session;
let carrierUser: Session;
beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrierUser = world.carrierSession;
});
afterAll(() => t.close());

const AR = "/billing/accounts-receivable";
const AP = "/billing/accounts-payable";

interface InvoiceAnswer {
  _id: string;
  invoiceNumber: string;
  customerPayer: string;
  dueDate: string;
  amountDue: number;
  amountDueCents: number;
  status: string;
  pastDue: boolean;
  trackingLink: string | null;
  loadId: string | null;
}

interface BillAnswer {
  _id: string;
  billNumber: string;
  carrier: string;
  paymentDate: string;
  amount: number;
  amountCents: number;
  status: string;
  pastDue: boolean;
  rateConfirmationUrl: string | null;
}

interface ErrorAnswer {
  message: string;
  errors?: { field: string; message: string }[];
}

const invoice = (overrides: Record<string, unknown> = {}) => ({
  customerPayer: "Acme Foods",
  dueDate: "2030-01-15",
  amountDue: 1250.5,
  status: "pending",
  ...overrides,
});

const bill = (overrides: Record<string, unknown> = {}) => ({
  carrier: "Ramirez Trucking",
  paymentDate: "2030-01-20",
  amount: "980.00",
  status: "pending",
  ...overrides,
});

async function createInvoice(overrides: Record<string, unknown> = {}) {
  const result = await rest<InvoiceAnswer>(t.app, "POST", AR, invoice(overrides), { token: admin.token });
  expect(result.status).toBe(201);
  return result.body;
}

describe("POST /api/billing/accounts-receivable", () => {
  it("creates an invoice with a server number, exact cents and the spec's number shape", async () => {
    const created = await createInvoice({ amountDue: "1250.50" });
    expect(created.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(created).toMatchObject({
      customerPayer: "Acme Foods",
      dueDate: "2030-01-15T00:00:00.000Z",
      amountDue: 1250.5,
      amountDueCents: 125050,
      status: "pending",
      pastDue: false,
      loadId: null,
    });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "invoice.create", entityId: created._id },
    });
    expect(audit?.actorId).toBe(admin.userId);
  });

  it("numbers invoices in sequence", async () => {
    const first = await createInvoice();
    const second = await createInvoice();
    expect(Number(second.invoiceNumber.slice(4))).toBe(Number(first.invoiceNumber.slice(4)) + 1);
  });

  it.each([
    ["customerPayer", undefined, "Customer or Payer is required"],
    ["customerPayer", "  ", "Customer or Payer is required"],
    ["dueDate", undefined, "Due Date is required"],
    ["dueDate", "", "Due Date is required"],
    ["dueDate", "2030-02-30", "Enter a date as YYYY-MM-DD"],
    ["amountDue", undefined, "Amount Date is required"],
    ["amountDue", "", "Amount Date is required"],
    ["amountDue", "abc", "Amount must be a number, e.g. 1250.00"],
    ["amountDue", "1,000", "Amount must be a number, e.g. 1250.00"],
    ["amountDue", "12.345", "Amount can have at most two decimals"],
    ["amountDue", 0.1 + 0.2, "Amount can have at most two decimals"],
    ["amountDue", "-1", "Amount cannot be negative"],
    ["amountDue", 1e9, "Amount cannot exceed $10,000,000.00"],
    ["status", undefined, "Status is required"],
    ["status", "", "Status is required"],
    ["status", "unpaid", "Status must be pending, paid, overdue or canceled"],
  ])("refuses %s = %j with '%s' and writes nothing", async (field, value, message) => {
    const before = await t.app.deps.db.invoice.count();
    const result = await rest<ErrorAnswer>(t.app, "POST", AR, invoice({ [field]: value }), {
      token: admin.token,
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual({ field, message });
    expect(await t.app.deps.db.invoice.count()).toBe(before);
  });

  it("reports every missing field of an empty form", async () => {
    const result = await rest<ErrorAnswer>(t.app, "POST", AR, {}, { token: admin.token });
    expect(result.status).toBe(400);
    expect(result.body.errors?.map((error) => error.message)).toEqual([
      "Customer or Payer is required",
      "Due Date is required",
      "Amount Date is required",
      "Status is required",
    ]);
  });

  it("accepts 0.01 and every status", async () => {
    for (const status of ["pending", "paid", "overdue", "canceled"]) {
      const created = await createInvoice({ amountDue: 0.01, status });
      expect(created).toMatchObject({ amountDue: 0.01, amountDueCents: 1, status });
    }
  });

  it("refuses an unknown load to link", async () => {
    const result = await rest<ErrorAnswer>(t.app, "POST", AR, invoice({ loadId: "NOPE-1" }), {
      token: admin.token,
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual({ field: "loadId", message: "Load not found" });
  });
});

describe("POST /api/billing/accounts-payable", () => {
  it("creates a bill with BILL- numbers", async () => {
    const result = await rest<BillAnswer>(t.app, "POST", AP, bill(), { token: admin.token });
    expect(result.status).toBe(201);
    expect(result.body.billNumber).toMatch(/^BILL-\d{6}$/);
    expect(result.body).toMatchObject({
      carrier: "Ramirez Trucking",
      paymentDate: "2030-01-20T00:00:00.000Z",
      amount: 980,
      amountCents: 98000,
      status: "pending",
      rateConfirmationUrl: null,
    });
  });

  it.each([
    ["carrier", "Customer or Payer is required"],
    ["paymentDate", "Due Date is required"],
    ["amount", "Amount Date is required"],
    ["status", "Status is required"],
  ])("refuses a missing %s with the spec's text '%s'", async (field, message) => {
    const result = await rest<ErrorAnswer>(t.app, "POST", AP, bill({ [field]: undefined }), {
      token: admin.token,
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual({ field, message });
  });
});

describe("GET and PUT one entry", () => {
  it("reads an invoice by its number (any case, leading zeros optional)", async () => {
    const created = await createInvoice({ customerPayer: "Lookup Co" });
    const digits = String(Number(created.invoiceNumber.slice(4)));
    for (const reference of [created.invoiceNumber, created.invoiceNumber.toLowerCase(), digits]) {
      const result = await rest<InvoiceAnswer>(t.app, "GET", `${AR}/${reference}`, undefined, {
        token: admin.token,
      });
      expect(result.status).toBe(200);
      expect(result.body.invoiceNumber).toBe(created.invoiceNumber);
    }
  });

  it("answers 404 for an unknown number", async () => {
    const result = await rest<ErrorAnswer>(t.app, "GET", `${AR}/INV-999999`, undefined, {
      token: admin.token,
    });
    expect(result.status).toBe(404);
    expect(result.body.message).toBe("Invoice not found");
    const missingBill = await rest<ErrorAnswer>(t.app, "GET", `${AP}/BILL-999999`, undefined, {
      token: admin.token,
    });
    expect(missingBill.status).toBe(404);
    expect(missingBill.body.message).toBe("Bill not found");
  });

  it("updates every field but the number", async () => {
    const created = await createInvoice();
    const result = await rest<InvoiceAnswer>(
      t.app,
      "PUT",
      `${AR}/${created.invoiceNumber}`,
      {
        invoiceNumber: "INV-000001",
        customerPayer: "New Payer",
        dueDate: "2030-03-01",
        amountDue: 99.99,
        status: "paid",
      },
      { token: admin.token },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      invoiceNumber: created.invoiceNumber,
      customerPayer: "New Payer",
      dueDate: "2030-03-01T00:00:00.000Z",
      amountDue: 99.99,
      amountDueCents: 9999,
      status: "paid",
    });
  });

  it.each([
    ["customerPayer", "", "Requerido"],
    ["dueDate", undefined, "Requerido"],
    ["status", "", "Requerido"],
    ["amountDue", "abc", "Debe ser número"],
    ["amountDue", "", "Debe ser número"],
    ["amountDue", "12.345", "Amount can have at most two decimals"],
  ])("edit refuses %s = %j with '%s'", async (field, value, message) => {
    const created = await createInvoice();
    const result = await rest<ErrorAnswer>(
      t.app,
      "PUT",
      `${AR}/${created.invoiceNumber}`,
      invoice({ [field]: value }),
      { token: admin.token },
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toContainEqual({ field, message });
    const stored = await t.app.deps.db.invoice.findUniqueOrThrow({ where: { id: created._id } });
    expect(stored.amountDueCents).toBe(created.amountDueCents);
    expect(stored.customerPayer).toBe(created.customerPayer);
  });

  it("bill edit uses the bill's field names", async () => {
    const created = await rest<BillAnswer>(t.app, "POST", AP, bill(), { token: admin.token });
    const result = await rest<ErrorAnswer>(
      t.app,
      "PUT",
      `${AP}/${created.body.billNumber}`,
      { carrier: "", paymentDate: "", amount: "x", status: "" },
      { token: admin.token },
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([
      { field: "carrier", message: "Requerido" },
      { field: "paymentDate", message: "Requerido" },
      { field: "amount", message: "Debe ser número" },
      { field: "status", message: "Requerido" },
    ]);
    const saved = await rest<BillAnswer>(
      t.app,
      "PUT",
      `${AP}/${created.body.billNumber}`,
      bill({ amount: 1.1, status: "overdue" }),
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ amount: 1.1, amountCents: 110, status: "overdue" });
  });
});

describe("lists", () => {
  it("pages with the REST convention, sums the filtered amounts in cents and flags past due", async () => {
    const marker = `List Payer ${Date.now()}`;
    await createInvoice({
      customerPayer: marker,
      amountDue: "0.10",
      dueDate: "2020-01-01",
      status: "pending",
    });
    await createInvoice({ customerPayer: marker, amountDue: "0.20", dueDate: "2020-01-01", status: "paid" });
    await createInvoice({
      customerPayer: marker,
      amountDue: "100.00",
      dueDate: "2099-01-01",
      status: "overdue",
    });
    const all = await rest<InvoiceAnswer[]>(
      t.app,
      "GET",
      `${AR}?search=${encodeURIComponent(marker)}&limit=2`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    expect(all.headers.get("x-total-count")).toBe("3");
    expect(all.headers.get("x-page-count")).toBe("2");
    expect(all.headers.get("x-total-amount-cents")).toBe("10030");

    const pastDue = await rest<InvoiceAnswer[]>(
      t.app,
      "GET",
      `${AR}?search=${encodeURIComponent(marker)}&pastDue=true`,
      undefined,
      { token: admin.token },
    );
    // Past due: the date passed and not paid/canceled; the stored status stays as it was.
    expect(pastDue.body.map((row) => [row.amountDue, row.status, row.pastDue])).toEqual([
      [0.1, "pending", true],
    ]);

    const cheapFirst = await rest<InvoiceAnswer[]>(
      t.app,
      "GET",
      `${AR}?search=${encodeURIComponent(marker)}&sort=amount&dir=asc&status=pending,paid`,
      undefined,
      { token: admin.token },
    );
    expect(cheapFirst.body.map((row) => row.amountDue)).toEqual([0.1, 0.2]);
    expect(cheapFirst.headers.get("x-total-amount-cents")).toBe("30");
  });

  it("refuses bad list parameters with 400", async () => {
    for (const query of ["status=unpaid", "from=yesterday", "sort=secret", "limit=0", "pastDue=maybe"]) {
      const result = await rest(t.app, "GET", `${AR}?${query}`, undefined, { token: admin.token });
      expect(result.status, query).toBe(400);
    }
  });

  it("GraphQL pages 50 at a time with totalCount and the sum, in a constant number of queries", async () => {
    const marker = `Graph Payer ${Date.now()}`;
    for (let index = 0; index < 3; index++)
      await createInvoice({ customerPayer: marker, amountDue: "10.05" });
    const query = `query($search: String) {
      invoices(search: $search, page: 1, pageSize: 2, orderBy: {field: AMOUNT, direction: DESC}) {
        totalCount pageCount page pageSize totalAmount totalAmountCents
        edges { node { id invoiceNumber customerPayer amountDue amountDueCents pastDue status load { loadId } } }
      }
    }`;
    const counter = countQueries(t.app);
    try {
      const result = await gql<{
        invoices: {
          totalCount: number;
          pageCount: number;
          totalAmount: number;
          totalAmountCents: number;
          edges: unknown[];
        };
      }>(t.app, query, { search: marker }, { token: admin.token });
      expect(result.errors).toBeUndefined();
      expect(result.data?.invoices).toMatchObject({
        totalCount: 3,
        pageCount: 2,
        totalAmount: 30.15,
        totalAmountCents: 3015,
      });
      expect(result.data?.invoices.edges).toHaveLength(2);
      const billingQueries = counter.operations.filter(
        (operation) => !operation.startsWith("Session") && !operation.startsWith("User"),
      );
      expect(billingQueries.length).toBeLessThanOrEqual(3);
    } finally {
      counter.restore();
    }
  });

  it("GraphQL mutations return typed errors with the form's fields", async () => {
    const result = await gql<{
      createBill: { __typename: string; fields?: { field: string; message: string }[] };
    }>(
      t.app,
      `mutation($input: CreateBillInput!) {
        createBill(input: $input) {
          __typename
          ... on ValidationError { fields { field message } }
          ... on MutationCreateBillSuccess { data { bill { billNumber amount } } }
        }
      }`,
      { input: { carrier: "X", paymentDate: "2030-01-01", amount: "12.345", status: "pending" } },
      { token: admin.token },
    );
    expect(result.data?.createBill.__typename).toBe("ValidationError");
    expect(result.data?.createBill.fields).toEqual([
      { field: "amount", message: "Amount can have at most two decimals" },
    ]);
  });
});

describe("numbers under concurrent creates", () => {
  it("gives 20 parallel creates 20 distinct, consecutive numbers", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        rest<InvoiceAnswer>(t.app, "POST", AR, invoice({ customerPayer: `Parallel ${index}` }), {
          token: admin.token,
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((result) => Number(result.body.invoiceNumber.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]).toBe(19);
  });
});

describe("permissions", () => {
  const paths: [string, string, unknown?][] = [
    ["GET", AR],
    ["POST", AR, invoice()],
    ["GET", `${AR}/INV-000001`],
    ["PUT", `${AR}/INV-000001`, invoice()],
    ["GET", `${AR}/export.csv`],
    ["GET", `${AR}/aging`],
    ["GET", AP],
    ["POST", AP, bill()],
    ["GET", `${AP}/BILL-000001`],
    ["PUT", `${AP}/BILL-000001`, bill()],
    ["GET", `${AP}/export.csv`],
    ["GET", `${AP}/BILL-000001/rate-confirmation.pdf`],
  ];

  it.each(paths)("a carrier gets 403 on %s %s; nobody signed in gets 401", async (method, path, body) => {
    const asCarrier = await rest(t.app, method, path, body, { token: carrierUser.token });
    expect(asCarrier.status).toBe(403);
    const anonymous = await rest(t.app, method, path, body);
    expect(anonymous.status).toBe(401);
  });

  it("GraphQL billing fields are for admins only", async () => {
    const result = await gql(t.app, "{ invoices { totalCount } }", {}, { token: carrierUser.token });
    expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
