import {
  BILLING_TEXTS,
  type BillingEntryInput,
  type BillingLine,
  billingEntrySchema,
  dayText,
  type Ledger,
} from "../../common/billing.ts";
import { auditActor } from "../audit/actor.ts";
import { changedFields } from "../audit/diff.ts";
import { recordAudit } from "../audit/service.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { memoize, numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { assertVersion, writeAtVersion } from "../lib/row-version.ts";
import { parseInput } from "../lib/validate.ts";
import { announceLedgerChange } from "./events.ts";
import { LEDGER_TABLES } from "./ledgers.ts";
import {
  type BillingListFilters,
  type BillingSort,
  billingPageRead,
  hasBillingFilters,
  startOfDay,
} from "./list.ts";
import { loadLookup } from "./load-lookup.ts";
import { invoicedMilestone, loadMilestones, paidMilestone } from "./load-milestones.ts";
import { nextBillingNumber, normalizeBillingNumber } from "./numbers.ts";
import {
  type Entry,
  entryById,
  entryByNumber,
  entryFromPageRow,
  insertEntry,
  replaceLines,
  writeEntryRow,
  writeQuickPayFee,
} from "./store.ts";
import { type BillingPageRow, billingCountsSql, billingPageSql, billingTotalsSql } from "./store-list.ts";

/** The billing screens show 50 rows a page (spec section 9). */
export const BILLING_PAGING = { defaultSize: 50, maxSize: 500 };

export interface BillingListRequest {
  filters: BillingListFilters;
  sort: BillingSort;
  paging: OffsetPageArgs;
  /** "Today" for the past-due filter; the clock unless a test fixes it. */
  now?: Date;
}

export interface BillingTotals {
  count: number;
  cents: number;
}

export type BillingPage = OffsetConnection<Entry> & { totals: () => Promise<BillingTotals> };

type Numeric = number | bigint | string;

/** Unfiltered pages nearer the start than this are walked without counting first. */
const COUNT_FIRST_AFTER = 500;

/**
 * One page of a ledger in one statement, plus the count and the sum of the amounts in one more
 * (the per-day totals the database keeps, or a search's indexed branches). A filtered or deep
 * page counts first: the count says how to read the page (billingPageRead).
 */
export async function findBillingPage(
  ctx: Context,
  ledger: Ledger,
  { filters, sort, paging, now = new Date() }: BillingListRequest,
): Promise<BillingPage> {
  requireAdmin(ctx);
  const provider = providerOf(ctx.config.databaseUrl);
  const table = LEDGER_TABLES[ledger];
  const today = startOfDay(now);
  const filtered = hasBillingFilters(filters);
  // A filtered page reads its totals with the size of the stretch a walk goes along, in one statement.
  const counts = memoize(async () => {
    const statement = filtered
      ? billingCountsSql(provider, table, filters, today)
      : billingTotalsSql(provider, table, filters, today);
    const [row] = await ctx.sql.all<{ count: Numeric; cents: Numeric; size?: Numeric }>(statement);
    const count = Number(row.count);
    return { count, cents: Number(row.cents), size: row.size === undefined ? count : Number(row.size) };
  });
  const totals = async (): Promise<BillingTotals> => {
    const { count, cents } = await counts();
    return { count, cents };
  };
  const connection = await numberedPage(
    paging,
    BILLING_PAGING,
    async () => (await totals()).count,
    async ({ skip, take }, totalCount) => {
      const how =
        filtered || skip > COUNT_FIRST_AFTER
          ? billingPageRead(await totalCount(), (await counts()).size, skip, take - 1)
          : { read: "walk" as const, reversed: false, offset: skip, limit: take, moreAfter: false };
      if (how.limit <= 0) return [];
      const rows = await ctx.sql.all<BillingPageRow>(
        billingPageSql(provider, table, filters, sort, today, how),
      );
      const entries = rows.map((row) => entryFromPageRow(ledger, row));
      // A page read from the end has no row after it: repeat the last one to say a next page exists.
      if (how.reversed && how.moreAfter && entries.length > 0) entries.push(entries.at(-1)!);
      return entries;
    },
  );
  return Object.assign(connection, { totals });
}

/** An invoice or bill by its number ("INV-000123", "inv-123", "123"); null when there is none. */
export async function findEntry(ctx: Context, ledger: Ledger, reference: string): Promise<Entry | null> {
  requireAdmin(ctx);
  return entryByNumber(ctx.db, ledger, normalizeBillingNumber(LEDGER_TABLES[ledger].series, reference));
}

export async function getEntry(ctx: Context, ledger: Ledger, reference: string): Promise<Entry> {
  const entry = await findEntry(ctx, ledger, reference);
  if (!entry) throw new NotFoundError(LEDGER_TABLES[ledger].notFound);
  return entry;
}

/** The Load row id of a loadId (or id) a form names; a clear 400 when there is no such load. */
async function linkedLoadId(
  ctx: Context,
  reference: string | null | undefined,
): Promise<string | null | undefined> {
  if (reference === undefined || reference === null) return reference;
  const loadId = await loadLookup.use(ctx, reference);
  if (loadId === null) {
    throw new ValidationError(BILLING_TEXTS.loadNotFound, [
      { field: "loadId", message: BILLING_TEXTS.loadNotFound },
    ]);
  }
  return loadId;
}

function auditDetails(entry: Entry, input: BillingEntryInput) {
  return {
    number: entry.number,
    party: input.party,
    day: input.day.toISOString().slice(0, 10),
    amountCents: input.amountCents,
    status: input.status,
    loadId: entry.load?.loadId ?? null,
    lines: entry.lines?.map(
      (line) => `${line.kind} ${line.amountCents}${line.description ? ` ${line.description}` : ""}`,
    ),
  };
}

/** The single-amount form's line: one linehaul line of the amount. */
export function amountLine(amountCents: number): BillingLine[] {
  return [{ kind: "linehaul", description: "", amountCents }];
}

/**
 * The lines an edit leaves: the ones sent; else the entry's own when the amount did not move, or
 * its one line at the new amount. An entry of several lines whose amount alone is changed is
 * refused (which line should change?).
 */
function editedLines(existing: Entry, input: BillingEntryInput, amountField: string): BillingLine[] | null {
  if (input.lines) return input.lines;
  const current = existing.lines ?? amountLine(existing.amountCents);
  if (input.amountCents === existing.amountCents) return null;
  if (current.length > 1) {
    throw new ValidationError(BILLING_TEXTS.linesKeepAmount, [
      { field: amountField, message: BILLING_TEXTS.linesKeepAmount },
    ]);
  }
  return [{ ...current[0], amountCents: input.amountCents }];
}

/** The quick-pay fee of an amount at a rate in basis points, to the nearest cent. */
export function quickPayFee(amountCents: number, basisPoints: number): number {
  return Math.round((amountCents * basisPoints) / 10_000);
}

/** Before/after of an edit, under the ledger's own field names (the History panel shows them). */
function entryChanges(ledger: Ledger, before: Entry, after: Entry) {
  const names =
    ledger === "receivable"
      ? { party: "customerPayer", day: "dueDate", amount: "amountDueCents" }
      : { party: "carrier", day: "paymentDate", amount: "amountCents" };
  const fields = (entry: Entry): Record<string, unknown> => ({
    [names.party]: entry.party,
    [names.day]: dayText(entry.day),
    [names.amount]: entry.amountCents,
    status: entry.status,
    loadId: entry.load?.loadId ?? null,
  });
  return changedFields(fields(before), fields(after));
}

/** 'Add Invoice' / 'Add Bill': the server numbers the entry. */
export async function createEntry(ctx: Context, ledger: Ledger, raw: unknown): Promise<Entry> {
  requireAdmin(ctx);
  const input = parseInput(billingEntrySchema(ledger, "create"), raw);
  const loadId = await linkedLoadId(ctx, input.loadId);
  const table = LEDGER_TABLES[ledger];
  const created = await ctx.db.$transaction(async (tx) => {
    const number = await nextBillingNumber(tx, table.series);
    const entry = await insertEntry(tx, ledger, {
      ...input,
      number,
      loadId,
      lines: input.lines ?? amountLine(input.amountCents),
    });
    await loadMilestones.use(tx, invoicedMilestone(entry, ctx.viewer?.id ?? null));
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: `${table.series}.create`,
      entityType: table.entity,
      entityId: entry.id,
      details: auditDetails(entry, input),
    });
    return entry;
  });
  announceLedgerChange(ctx, ledger, created.id);
  return created;
}

/**
 * The detail page's 'Save Changes': every field but the number. With the version the form read
 * (`expectedVersion`, REST also `version`), a save over someone else's change is refused with 409
 * and writes nothing: checked at once and again by the update's own `WHERE version = ?`.
 */
export async function updateEntry(
  ctx: Context,
  ledger: Ledger,
  reference: string,
  raw: unknown,
): Promise<Entry> {
  requireAdmin(ctx);
  const existing = await getEntry(ctx, ledger, reference);
  const input = parseInput(billingEntrySchema(ledger, "edit"), raw);
  const table = LEDGER_TABLES[ledger];
  const texts = { changed: table.changed, notFound: table.notFound };
  assertVersion(existing, input.expectedVersion, texts);
  const loadId = await linkedLoadId(ctx, input.loadId);
  const lines = editedLines(existing, input, table.amountField);
  const updated = await ctx.db.$transaction(async (tx) => {
    await writeAtVersion(input.expectedVersion, texts, (version) =>
      writeEntryRow(tx, ledger, existing.id, { ...input, loadId }, version),
    );
    if (lines) await replaceLines(tx, ledger, existing.id, lines);
    if (existing.quickPay && input.amountCents !== existing.amountCents) {
      await writeQuickPayFee(
        tx,
        existing.id,
        quickPayFee(input.amountCents, existing.quickPay.feeBasisPoints),
      );
    }
    const entry = await entryById(tx, ledger, existing.id);
    await loadMilestones.use(tx, paidMilestone(existing, entry, ctx.viewer?.id ?? null));
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: `${table.series}.update`,
      entityType: table.entity,
      entityId: entry.id,
      details: {
        ...auditDetails(entry, input),
        previous: { amountCents: existing.amountCents, status: existing.status },
        changes: entryChanges(ledger, existing, entry),
      },
    });
    return entry;
  });
  announceLedgerChange(ctx, ledger, updated.id);
  return updated;
}
