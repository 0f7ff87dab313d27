/**
 * Billing list speed at scale: `npx tsx bench/billing.ts [invoices]` (default 100,000).
 *
 * Fills a fresh database (SQLite; PostgreSQL with TEST_DATABASE=postgres) with invoices in every
 * status and a spread of due dates, then sends the receivables screen's GraphQL document (page,
 * totalCount and the sum of the filtered amounts) through the app's fetch handler and prints
 * p50/p99, CPU per request, and the ratio to a baseline measured in the same run (the smallest
 * authenticated query, `{ viewer { id } }`-like). Target: p50 under 20 ms.
 * BENCH_LEDGER=payable fills and lists bills instead (same shapes, the carrier as party).
 */
import "./production-mode.ts";
import { ms, summary } from "./fixtures.ts";
import { benchApp, graphqlRequest, timed } from "./support.ts";

const invoiceCount = Number(process.argv[2] ?? 100_000);
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);
const STATUSES = ["pending", "paid", "overdue", "canceled"];
const CUSTOMERS = [
  "USPS",
  "Acme Foods",
  "Great Lakes Paper",
  "Sunbelt Retail",
  "Pioneer Hardware",
  "Northwind",
];

const payable = process.env.BENCH_LEDGER === "payable";

const RECEIVABLES_QUERY = `query ReceivablesPageQuery($search: String, $filter: BillingFilter, $orderBy: InvoiceOrder, $page: Int) {
  receivablesAging(pageSize: 1) { totals { current days1to30 days31to60 days61to90 days90plus total invoiceCount } }
  invoices(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: 50) {
    totalCount pageCount page pageSize totalAmountCents
    edges { node { id invoiceNumber customerPayer dueDate amountDueCents status pastDue daysPastDue trackingLink } }
  }
}`;
const PAYABLES_QUERY = `query PayablesPageQuery($search: String, $filter: BillingFilter, $orderBy: BillOrder, $page: Int) {
  bills(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: 50) {
    totalCount pageCount page pageSize totalAmountCents
    edges { node { id billNumber carrier paymentDate amountCents status pastDue daysPastDue trackingLink } }
  }
}`;
const LIST_QUERY = payable ? PAYABLES_QUERY : RECEIVABLES_QUERY;
const BASELINE_QUERY = `query { __typename }`;

const bench = await benchApp();
const { db } = bench.app.deps;
try {
  const fillStarted = performance.now();
  const DAY = 86_400_000;
  const today = Date.UTC(2026, 10, 22);
  const CHUNK = 5_000;
  for (let first = 0; first < invoiceCount; first += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, invoiceCount - first) }, (_, offset) => {
      const index = first + offset;
      return {
        number: `${payable ? "BILL" : "INV"}-${String(index + 1).padStart(6, "0")}`,
        party: CUSTOMERS[index % CUSTOMERS.length],
        day: new Date(today + (((index * 7919) % 240) - 150) * DAY),
        cents: 50_000 + ((index * 104_729) % 900_000),
        status: STATUSES[(index * 31) % STATUSES.length],
      };
    });
    if (payable) {
      await db.bill.createMany({
        data: rows.map((row) => ({
          billNumber: row.number,
          carrier: row.party,
          paymentDate: row.day,
          amountCents: row.cents,
          status: row.status,
        })),
      });
    } else {
      await db.invoice.createMany({
        data: rows.map((row) => ({
          invoiceNumber: row.number,
          customerPayer: row.party,
          dueDate: row.day,
          amountDueCents: row.cents,
          status: row.status,
        })),
      });
    }
  }
  await db.$executeRawUnsafe(
    `INSERT INTO "BillingSequence" ("name", "value") VALUES ('${payable ? "bill" : "invoice"}', ${invoiceCount})`,
  );
  // A live PostgreSQL has statistics and a visibility map (autovacuum vacuums and analyzes a table
  // after many inserts); a table just filled has neither yet.
  if (process.env.TEST_DATABASE === "postgres") await db.$executeRawUnsafe(`VACUUM ANALYZE`);
  console.log(
    `${payable ? `${await db.bill.count()} bills` : `${await db.invoice.count()} invoices`} in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
  );

  async function measure(body: string, check: (data: Record<string, unknown>) => string) {
    let seen = "";
    const send = async () => {
      const response = await bench.app.fetch(graphqlRequest(body, bench.token));
      const result = (await response.json()) as { errors?: unknown; data?: Record<string, unknown> };
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      seen = check(result.data!);
    };
    for (let index = 0; index < 10; index++) await send();
    const samples: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let index = 0; index < ITERATIONS; index++) samples.push((await timed(send)).elapsed);
    const cpu = process.cpuUsage(cpuBefore);
    return { ...summary(samples), cpu: (cpu.user + cpu.system) / 1000 / ITERATIONS, seen };
  }

  const baseline = await measure(JSON.stringify({ query: BASELINE_QUERY }), () => "");
  console.log(
    `${"baseline { __typename }".padEnd(44)} p50 ${ms(baseline.p50).padStart(9)}  p99 ${ms(baseline.p99).padStart(9)}`,
  );

  const scenarios: [string, Record<string, unknown>][] = [
    [`first page (newest number first)${payable ? "" : " + aging"}`, { page: 1 }],
    ["filter pending + past due", { filter: { status: ["pending"], pastDue: true }, page: 1 }],
    [
      "filter due-date range, sort amount desc",
      {
        filter: { dateFrom: "2026-10-01T00:00:00Z", dateTo: "2026-12-31T23:59:59Z" },
        orderBy: { field: "AMOUNT", direction: "DESC" },
        page: 1,
      },
    ],
    ["search 'acme' (customer, any case)", { search: "acme", page: 1 }],
    [
      `search '${payable ? "BILL-00123" : "INV-00123"}' (number)`,
      { search: payable ? "BILL-00123" : "INV-00123", page: 1 },
    ],
    ["jump to page 1000", { page: 1000 }],
    [
      "pending, sort party, page 200",
      { filter: { status: ["pending"] }, orderBy: { field: "PARTY", direction: "ASC" }, page: 200 },
    ],
  ];
  for (const [label, variables] of scenarios) {
    const result = await measure(JSON.stringify({ query: LIST_QUERY, variables }), (data) => {
      const invoices = data[payable ? "bills" : "invoices"] as {
        totalCount: number;
        totalAmountCents: number;
      };
      return `${invoices.totalCount} matches, sum ${(invoices.totalAmountCents / 100).toFixed(2)}`;
    });
    console.log(
      `${label.padEnd(44)} p50 ${ms(result.p50).padStart(9)}  p99 ${ms(result.p99).padStart(9)}  cpu ${ms(result.cpu).padStart(9)}  x${(result.p50 / baseline.p50).toFixed(1)} baseline  (${result.seen})`,
    );
  }
} finally {
  await bench.close();
}
