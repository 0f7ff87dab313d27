import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type Session, type TestApp } from "../support/app.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { uploadLoads } from "../support/loads.ts";
import { countQueries } from "../support/query-count.ts";

interface Hit {
  kind: string;
  key: string;
  title: string;
  detail: string | null;
}

const SEARCH = `query ($text: String!, $first: Int) { search(text: $text, first: $first) { kind key title detail } }`;

let t: TestApp;
let admin: Session;
let carrier: Session;
let invoiceNumber: string;
let billNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrier = world.carrierSession;
  await uploadLoads(
    t.app,
    admin.token,
    Array.from({ length: 12 }, (_, index) => ({
      "Load ID": `FIND-${String(index + 1).padStart(3, "0")}`,
      Customer: "USPS",
      "Route Number": index < 3 ? "RTFIND01" : "",
    })),
  );
  await createCarrierAs(t.app, admin.token, 41, { carrierName: "Findlay Haulers", dotNumber: "3456789" });
  const invoice = await rest<{ invoiceNumber: string }>(
    t.app,
    "POST",
    "/billing/accounts-receivable",
    { customerPayer: "Acme Retail", dueDate: "2026-12-31", amountDue: 1250.5, status: "pending" },
    { token: admin.token },
  );
  invoiceNumber = invoice.body.invoiceNumber;
  const bill = await rest<{ billNumber: string }>(
    t.app,
    "POST",
    "/billing/accounts-payable",
    { carrier: "Findlay Haulers", paymentDate: "2026-12-31", amount: 900, status: "pending" },
    { token: admin.token },
  );
  billNumber = bill.body.billNumber;
});
afterAll(() => t.close());

const search = async (session: Session | null, text: string, first?: number) => {
  const result = await gql<{ search: Hit[] }>(t.app, SEARCH, { text, first }, { token: session?.token });
  return result;
};

describe("search(text, first)", () => {
  it("finds loads by id (any case) and routes by number, at most `first` of each, never more than 10", async () => {
    const loads = (await search(admin, "find-0", 3)).data!.search;
    expect(loads.filter((hit) => hit.kind === "LOAD").map((hit) => hit.key)).toEqual([
      "FIND-001",
      "FIND-002",
      "FIND-003",
    ]);
    const many = (await search(admin, "FIND", 50)).data!.search;
    expect(many.filter((hit) => hit.kind === "LOAD")).toHaveLength(10);
    const routes = (await search(admin, "rtfind")).data!.search;
    expect(routes).toContainEqual({
      kind: "ROUTE",
      key: "RTFIND01",
      title: "Route RTFIND01",
      detail: "3 loads",
    });
  });

  it("finds carriers by name, DOT and MC, and invoices and bills by number", async () => {
    const byName = (await search(admin, "findlay")).data!.search;
    expect(byName.find((hit) => hit.kind === "CARRIER")?.title).toBe("Findlay Haulers");
    const byDot = (await search(admin, "3456789")).data!.search;
    expect(byDot.map((hit) => hit.kind)).toContain("CARRIER");
    const byMc = (await search(admin, "MC-700041")).data!.search;
    expect(byMc.map((hit) => hit.title)).toContain("Findlay Haulers");

    const digits = invoiceNumber.replace(/\D/g, "").replace(/^0+/, "");
    const invoices = (await search(admin, `inv-${digits}`)).data!.search;
    expect(invoices).toContainEqual(
      expect.objectContaining({
        kind: "INVOICE",
        key: invoiceNumber,
        detail: "Acme Retail · $1,250.50 · pending",
      }),
    );
    const bills = (await search(admin, billNumber.toLowerCase())).data!.search;
    expect(bills).toContainEqual(expect.objectContaining({ kind: "BILL", key: billNumber }));
  });

  it("costs a fixed handful of statements whatever matches", async () => {
    const counter = countQueries(t.app);
    try {
      await search(admin, "FIND", 10);
      const many = counter.operations.length;
      counter.reset();
      await search(admin, "zzzz-nothing");
      expect(many).toBeLessThanOrEqual(8);
      expect(counter.operations.length).toBe(many);
    } finally {
      counter.restore();
    }
  });

  it("finds nothing for a too-short text, nothing for a carrier, and refuses anonymous callers", async () => {
    expect((await search(admin, "F")).data!.search).toEqual([]);
    expect((await search(carrier, "FIND")).data!.search).toEqual([]);
    const anonymous = await search(null, "FIND");
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
