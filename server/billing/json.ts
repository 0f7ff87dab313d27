import { centsToAmount } from "../../common/money.ts";
import { daysPastDue } from "./due.ts";
import type { Entry, LinkedLoad } from "./store.ts";

/** The Actions column: the entry's own link, else its load's (the route's tracking screen first). */
export function trackingLinkOf(entry: Pick<Entry, "trackingLink">, load: LinkedLoad | null): string | null {
  if (entry.trackingLink) return entry.trackingLink;
  if (load?.route) return `/admin/ila/tracking/${encodeURIComponent(load.route.routeNumber)}`;
  return load?.trackingLink ?? null;
}

export function rateConfirmationPath(entry: Pick<Entry, "number">): string {
  return `/api/billing/accounts-payable/${encodeURIComponent(entry.number)}/rate-confirmation.pdf`;
}

function linesJson(entry: Entry) {
  return entry.lines?.map((line) => ({
    kind: line.kind,
    description: line.description,
    amount: centsToAmount(line.amountCents),
    amountCents: line.amountCents,
  }));
}

/** Where a load document downloads. */
export function documentPath(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}`;
}

/** A bill's quick pay as the API answers it. */
export function quickPayJson(entry: Entry) {
  if (!entry.quickPay) return null;
  const { at, feeCents, feeBasisPoints } = entry.quickPay;
  return {
    requestedAt: at.toISOString(),
    feePercent: feeBasisPoints / 100,
    fee: centsToAmount(feeCents),
    feeCents,
    netAmount: centsToAmount(entry.amountCents - feeCents),
    netAmountCents: entry.amountCents - feeCents,
  };
}

function common(entry: Entry, now: Date) {
  const days = daysPastDue(entry.day, entry.status, now);
  return {
    _id: entry.id,
    status: entry.status,
    pastDue: days > 0,
    daysPastDue: days,
    trackingLink: trackingLinkOf(entry, entry.load),
    loadId: entry.load?.loadId ?? null,
    drafted: entry.sourceKey !== null,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    /** Sent back with PUT, a save over someone else's change is refused with 409. */
    version: entry.version,
  };
}

/** An invoice as GET/POST/PUT /billing/accounts-receivable answer it (amountDue in dollars). */
export function invoiceJson(entry: Entry, now = new Date()) {
  return {
    invoiceNumber: entry.number,
    customerPayer: entry.party,
    dueDate: entry.day.toISOString(),
    amountDue: centsToAmount(entry.amountCents),
    amountDueCents: entry.amountCents,
    ...common(entry, now),
    lines: linesJson(entry),
    podDocumentId: entry.podDocumentId,
    podDocumentUrl: entry.podDocumentId ? documentPath(entry.podDocumentId) : null,
  };
}

/** A bill as the /billing/accounts-payable paths answer it (amount in dollars). */
export function billJson(entry: Entry, now = new Date()) {
  return {
    billNumber: entry.number,
    carrier: entry.party,
    paymentDate: entry.day.toISOString(),
    amount: centsToAmount(entry.amountCents),
    amountCents: entry.amountCents,
    ...common(entry, now),
    rateConfirmationUrl: entry.sourceKey?.startsWith("winner:") ? rateConfirmationPath(entry) : null,
    lines: linesJson(entry),
    quickPay: quickPayJson(entry),
    tonuProposed:
      entry.tonuProposedCents === null
        ? null
        : { amount: centsToAmount(entry.tonuProposedCents), amountCents: entry.tonuProposedCents },
  };
}
