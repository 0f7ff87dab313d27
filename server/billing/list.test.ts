import { describe, expect, it } from "vitest";
import { LEDGER_TABLES } from "./ledgers.ts";
import { billingPageRead, filteredStatuses, walkedFilters } from "./list.ts";
import { billingPageSql } from "./store-list.ts";

describe("billingPageRead", () => {
  it("walks the sort order when many entries match, and reads one row past the page", () => {
    expect(billingPageRead(38_000, 100_000, 0, 50)).toEqual({
      read: "walk",
      reversed: false,
      offset: 0,
      limit: 51,
      moreAfter: true,
    });
  });

  it("reads the matches when few do", () => {
    expect(billingPageRead(10, 100_000, 0, 50).read).toBe("matches");
    expect(billingPageRead(2_000, 100_000, 0, 50).read).toBe("matches");
  });

  it("reads a page past the middle from the other end", () => {
    // Page 1500 of 100,000: rows 74,950..74,999 are rows 25,000..25,049 counted from the end.
    expect(billingPageRead(100_000, 100_000, 74_950, 50)).toEqual({
      read: "walk",
      reversed: true,
      offset: 25_000,
      limit: 50,
      moreAfter: true,
    });
    // The last, short page: nothing after it.
    expect(billingPageRead(120, 1_000, 100, 50)).toMatchObject({
      reversed: true,
      offset: 0,
      limit: 20,
      moreAfter: false,
    });
  });

  it("weighs a walk by the stretch it goes along", () => {
    // 10,000 deep among 25,000 matches: along the whole ledger a walk would read 40,000 entries,
    // along the one status's own stretch (25,000 entries) 10,000.
    expect(billingPageRead(25_000, 100_000, 9_950, 50).read).toBe("matches");
    expect(billingPageRead(25_000, 25_000, 9_950, 50).read).toBe("walk");
  });
});

describe("the statuses a filter allows", () => {
  it("narrows past due to the open statuses", () => {
    expect(filteredStatuses({ pastDue: true })).toEqual(["pending", "overdue"]);
    expect(filteredStatuses({ status: ["pending", "paid"], pastDue: true })).toEqual(["pending"]);
    expect(filteredStatuses({ status: ["paid"], pastDue: true })).toEqual(["paid"]);
    expect(filteredStatuses({ status: ["paid"], pastDue: false })).toEqual(["paid"]);
    expect(filteredStatuses({})).toBeNull();
  });

  it("walks one status's stretch only when one status is allowed", () => {
    expect(walkedFilters({ status: ["pending"], dateFrom: new Date(0) })).toEqual({ status: ["pending"] });
    expect(walkedFilters({ status: ["pending", "paid"], pastDue: true })).toEqual({ status: ["pending"] });
    expect(walkedFilters({ pastDue: true })).toEqual({});
  });
});

describe("a walk on SQLite", () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  const walk = { read: "walk", reversed: false, offset: 0, limit: 51 } as const;

  it("keeps filter columns from index use, so the sort order's index is walked", () => {
    const { sql } = billingPageSql(
      "sqlite",
      LEDGER_TABLES.receivable,
      { status: ["pending", "overdue"], dateFrom: today },
      { field: "amount", direction: "desc" },
      today,
      walk,
    );
    expect(sql).toContain(`+e."status" IN (?, ?)`);
    expect(sql).toContain(`+e."dueDate" >= ?`);
    expect(sql).toContain(`ORDER BY e."amountDueCents" DESC, e."invoiceNumber" DESC LIMIT ? OFFSET ?`);
  });

  it("leaves one status usable, so its (status, sort column, number) index is walked", () => {
    const { sql } = billingPageSql(
      "sqlite",
      LEDGER_TABLES.payable,
      { status: ["pending"] },
      { field: "party", direction: "asc" },
      today,
      walk,
    );
    expect(sql).toContain(`e."status" = ?`);
    expect(sql).not.toContain(`+e."status"`);
  });
});
