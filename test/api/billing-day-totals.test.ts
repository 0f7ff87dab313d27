import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app.ts";

/**
 * The per-day totals the database keeps for the ledgers' counts, sums and aging: whatever writes
 * Invoice or Bill (insert, a status, date or amount change, a delete), they equal a scan.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n));

async function invoiceScan() {
  const rows = await t.app.deps.db.invoice.groupBy({
    by: ["status", "dueDate"],
    _count: { _all: true },
    _sum: { amountDueCents: true },
  });
  return rows
    .map((row) => ({
      status: row.status,
      day: row.dueDate.toISOString(),
      count: row._count._all,
      cents: row._sum.amountDueCents ?? 0,
    }))
    .sort((a, b) => `${a.status}${a.day}`.localeCompare(`${b.status}${b.day}`));
}

async function invoiceTotals() {
  const rows = await t.app.deps.db.invoiceDayTotal.findMany();
  return rows
    .map((row) => ({
      status: row.status,
      day: row.dueDate.toISOString(),
      count: row.count,
      cents: Number(row.cents),
    }))
    .sort((a, b) => `${a.status}${a.day}`.localeCompare(`${b.status}${b.day}`));
}

describe("the ledgers' per-day totals", () => {
  it("follow every insert, change and delete of an invoice", async () => {
    const db = t.app.deps.db;
    const statuses = ["pending", "paid", "overdue", "canceled"];
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      const row = await db.invoice.create({
        data: {
          invoiceNumber: `INV-T${i}`,
          customerPayer: `Customer ${i % 3}`,
          dueDate: day(i % 5),
          amountDueCents: 1000 + i,
          status: statuses[i % 4],
        },
      });
      ids.push(row.id);
    }
    expect(await invoiceTotals()).toEqual(await invoiceScan());
    await db.invoice.update({ where: { id: ids[0] }, data: { status: "paid" } });
    await db.invoice.update({ where: { id: ids[1] }, data: { dueDate: day(9) } });
    await db.invoice.update({ where: { id: ids[2] }, data: { amountDueCents: 77 } });
    await db.invoice.update({ where: { id: ids[3] }, data: { customerPayer: "Renamed" } });
    await db.invoice.updateMany({ where: { id: { in: ids.slice(4, 10) } }, data: { status: "overdue" } });
    expect(await invoiceTotals()).toEqual(await invoiceScan());
    await db.invoice.delete({ where: { id: ids[1] } });
    await db.invoice.deleteMany({ where: { id: { in: ids.slice(10, 14) } } });
    expect(await invoiceTotals()).toEqual(await invoiceScan());
    // No empty rows are kept: a day with nothing left is gone.
    expect((await invoiceTotals()).every((row) => row.count > 0)).toBe(true);
  });

  it("follow bills the same way", async () => {
    const db = t.app.deps.db;
    const a = await db.bill.create({
      data: { billNumber: "BILL-T1", carrier: "C", paymentDate: day(1), amountCents: 500, status: "pending" },
    });
    await db.bill.create({
      data: { billNumber: "BILL-T2", carrier: "C", paymentDate: day(1), amountCents: 700, status: "pending" },
    });
    await db.bill.update({ where: { id: a.id }, data: { status: "paid", amountCents: 900 } });
    const totals = (await db.billDayTotal.findMany()).map((row) => [
      row.status,
      row.count,
      Number(row.cents),
    ]);
    expect(totals.sort()).toEqual([
      ["paid", 1, 900],
      ["pending", 1, 700],
    ]);
  });
});
