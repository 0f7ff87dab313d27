import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ledger } from "../../common/billing.ts";
import { LEDGER_TABLES } from "../../server/billing/ledgers.ts";
import type { BillingListFilters, BillingRead, BillingSort } from "../../server/billing/list.ts";
import { billingPageSql, billingTotalsSql } from "../../server/billing/store-list.ts";
import { containsPattern } from "../../server/db/contains-text.ts";
import { adminAndCarrier, createTestApp, gql, type Session, type TestApp } from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";

/**
 * The ledgers' lists read through several indexes (a walk along the sort order, the matches of
 * the filters and the search, either from the start or from the end, the search's trigram and
 * party-name tables). Whichever read a page takes, its rows are those of the plain statement the
 * list used before: one WHERE with the same tests, ORDER BY the sort then the number.
 */
let t: TestApp;
let admin: Session;
const today = new Date(Date.UTC(2026, 10, 22));
const DAY = 86_400_000;
const PARTIES = ["Acme Foods", "ACME Logistics", "Northwind", "Émile Transports", "a_c Freight", "USPS"];
const STATUSES = ["pending", "paid", "overdue", "canceled"];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminAndCarrier(t.app)).adminSession;
  const db = t.app.deps.db;
  const entry = (index: number) => ({
    party: PARTIES[(index * 5) % PARTIES.length],
    day: new Date(today.getTime() + (((index * 37) % 40) - 20) * DAY),
    // Repeated amounts: ties break on the number.
    cents: 1000 + ((index * 7) % 23) * 100,
    status: STATUSES[(index * 3) % STATUSES.length],
  });
  await db.invoice.createMany({
    data: Array.from({ length: 140 }, (_, index) => {
      const { party, day, cents, status } = entry(index);
      return {
        invoiceNumber: `INV-${String(index + 1).padStart(6, "0")}`,
        customerPayer: party,
        dueDate: day,
        amountDueCents: cents,
        status,
      };
    }),
  });
  await db.bill.createMany({
    data: Array.from({ length: 90 }, (_, index) => {
      const { party, day, cents, status } = entry(index + 3);
      return {
        billNumber: `BILL-${String(index + 1).padStart(6, "0")}`,
        carrier: party,
        paymentDate: day,
        amountCents: cents,
        status,
      };
    }),
  });
});
afterAll(() => t.close());

/** The list's statement before it read through several indexes, written here on its own. */
async function plainList(ledger: Ledger, filters: BillingListFilters, sort: BillingSort) {
  const table = LEDGER_TABLES[ledger];
  const conditions: string[] = [];
  const params: (string | Date)[] = [];
  const search = filters.search?.trim();
  const contains = (column: string) => {
    if (testProvider === "postgresql") {
      params.push(containsPattern(search!));
      return `e."${column}" ILIKE ? ESCAPE '\\'`;
    }
    params.push(search!.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()));
    return `instr(lower(e."${column}"), ?) > 0`;
  };
  if (search) conditions.push(`(${contains(table.number)} OR ${contains(table.party)})`);
  if (filters.status?.length) {
    conditions.push(`e."status" IN (${filters.status.map(() => "?").join(", ")})`);
    params.push(...filters.status);
  }
  if (filters.dateFrom) {
    conditions.push(`e."${table.day}" >= ?`);
    params.push(filters.dateFrom);
  }
  if (filters.dateTo) {
    conditions.push(`e."${table.day}" <= ?`);
    params.push(filters.dateTo);
  }
  const pastDue = `(e."${table.day}" < ? AND e."status" NOT IN ('paid', 'canceled'))`;
  if (filters.pastDue === true) conditions.push(pastDue);
  if (filters.pastDue === false) conditions.push(`NOT ${pastDue}`);
  if (filters.pastDue !== undefined && filters.pastDue !== null) params.push(today);
  const column = {
    number: table.number,
    party: table.party,
    date: table.day,
    amount: table.amount,
    status: "status",
    createdAt: "createdAt",
  }[sort.field];
  const direction = sort.direction === "asc" ? "ASC" : "DESC";
  const rows = await t.app.deps.sql.all<{ number: string; cents: number | bigint }>({
    sql: `SELECT e."${table.number}" AS "number", e."${table.amount}" AS "cents" FROM ${table.table} e${
      conditions.length ? ` WHERE ${conditions.join(" AND ")}` : ""
    } ORDER BY e."${column}" ${direction}, e."${table.number}" ${direction}`,
    params,
  });
  return rows.map((row) => ({ number: row.number, cents: Number(row.cents) }));
}

async function pageNumbers(
  ledger: Ledger,
  filters: BillingListFilters,
  sort: BillingSort,
  read: BillingRead,
  reversed: boolean,
  matches: number,
  offset: number,
  limit: number,
) {
  const end = Math.min(matches, offset + limit);
  const how = reversed
    ? { read, reversed, offset: matches - end, limit: end - offset }
    : { read, reversed, offset, limit };
  if (how.limit <= 0) return [];
  const provider = t.app.deps.sql.provider;
  const rows = await t.app.deps.sql.all<{ number: string }>(
    billingPageSql(provider, LEDGER_TABLES[ledger], filters, sort, today, how),
  );
  return rows.map((row) => row.number);
}

const from = (days: number) => new Date(today.getTime() + days * DAY);

const CASES: [string, BillingListFilters][] = [
  ["nothing", {}],
  ["one status", { status: ["pending"] }],
  ["two statuses", { status: ["overdue", "paid"] }],
  ["past due", { pastDue: true }],
  ["not past due", { pastDue: false }],
  ["pending and past due", { status: ["pending"], pastDue: true }],
  ["paid and past due (none)", { status: ["paid"], pastDue: true }],
  ["a date range", { dateFrom: from(-10), dateTo: from(5) }],
  ["a search in the party, any case", { search: "acme" }],
  ["a search in the number", { search: "-00012" }],
  ["a search of two characters", { search: "00" }],
  ["a search with LIKE's wildcards taken literally", { search: "a_c" }],
  ["a search beyond ASCII", { search: "émile" }],
  ["a search that matches nothing", { search: "zzz" }],
  ["a search with filters", { search: "acme", status: ["pending", "overdue"], dateFrom: from(-15) }],
];
const SORTS: BillingSort[] = [
  { field: "number", direction: "desc" },
  { field: "party", direction: "asc" },
  { field: "date", direction: "desc" },
  { field: "amount", direction: "asc" },
  { field: "status", direction: "desc" },
  { field: "createdAt", direction: "asc" },
];

describe.each(["receivable", "payable"] as const)("the %s list", (ledger) => {
  it.each(CASES)("reads the plain statement's pages and totals: %s", async (_label, filters) => {
    const provider = t.app.deps.sql.provider;
    const table = LEDGER_TABLES[ledger];
    const [totals] = await t.app.deps.sql.all<{ count: number | bigint; cents: number | bigint }>(
      billingTotalsSql(provider, table, filters, today),
    );
    for (const sort of SORTS) {
      const expected = await plainList(ledger, filters, sort);
      if (sort === SORTS[0]) {
        expect(Number(totals.count)).toBe(expected.length);
        expect(Number(totals.cents)).toBe(expected.reduce((sum, row) => sum + row.cents, 0));
      }
      const numbers = expected.map((row) => row.number);
      for (const offset of [0, 7, Math.floor(numbers.length / 2) + 1, Math.max(0, numbers.length - 3)]) {
        const want = numbers.slice(offset, offset + 9);
        for (const read of ["walk", "matches"] as const) {
          for (const reversed of [false, true]) {
            const got = await pageNumbers(ledger, filters, sort, read, reversed, numbers.length, offset, 9);
            expect(got, `${read}${reversed ? " reversed" : ""} ${sort.field} ${offset}`).toEqual(want);
          }
        }
      }
    }
  });
});

describe("the GraphQL lists", () => {
  it("page through a filtered, searched and sorted ledger like the plain statement", async () => {
    const filters = {
      search: "ACME",
      status: ["pending", "overdue", "paid"] as BillingListFilters["status"],
    };
    const expected = (await plainList("receivable", filters, { field: "amount", direction: "desc" })).map(
      (row) => row.number,
    );
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page++) {
      const result = await gql<{
        invoices: {
          totalCount: number;
          pageInfo: { hasNextPage: boolean };
          edges: { node: { invoiceNumber: string } }[];
        };
      }>(
        t.app,
        `query ($page: Int) { invoices(search: "ACME", filter: {status: [pending, overdue, paid]}, orderBy: {field: AMOUNT, direction: DESC}, page: $page, pageSize: 4) {
          totalCount pageInfo { hasNextPage } edges { node { invoiceNumber } } } }`,
        { page },
        { token: admin.token },
      );
      expect(result.errors).toBeUndefined();
      const invoices = result.data!.invoices;
      expect(invoices.totalCount).toBe(expected.length);
      expect(invoices.pageInfo.hasNextPage).toBe(page * 4 < expected.length);
      seen.push(...invoices.edges.map((edge) => edge.node.invoiceNumber));
    }
    expect(seen).toEqual(expected);
  });

  it("finds an entry by its number and its party after either changes, whoever writes", async () => {
    const db = t.app.deps.db;
    const query = `query ($search: String) { bills(search: $search) { totalCount edges { node { billNumber carrier } } } }`;
    const find = async (search: string) =>
      (
        await gql<{
          bills: { totalCount: number; edges: { node: { billNumber: string; carrier: string } }[] };
        }>(t.app, query, { search }, { token: admin.token })
      ).data!.bills;
    await db.bill.update({ where: { billNumber: "BILL-000007" }, data: { carrier: "Zephyr Haulage" } });
    expect((await find("zephyr")).edges.map((edge) => edge.node.billNumber)).toEqual(["BILL-000007"]);
    await db.$executeRawUnsafe(
      `UPDATE "Bill" SET "billNumber" = 'BILL-XQ0007' WHERE "billNumber" = 'BILL-000007'`,
    );
    expect((await find("xq00")).edges.map((edge) => edge.node.billNumber)).toEqual(["BILL-XQ0007"]);
    expect((await find("-000007")).totalCount).toBe(0);
    await db.bill.delete({ where: { billNumber: "BILL-XQ0007" } });
    expect((await find("zephyr")).totalCount).toBe(0);
    expect((await find("xq00")).totalCount).toBe(0);
    const names = await db.billPartyName.findMany({ where: { carrier: "Zephyr Haulage" } });
    expect(names).toEqual([]);
  });
});
