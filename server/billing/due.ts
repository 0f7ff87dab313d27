import { type BillingStatus, SETTLED_STATUSES } from "../../common/billing.ts";
import { startOfDay } from "./list.ts";

const DAY_MS = 86_400_000;

/**
 * Whole days since the date passed, for an entry that is neither paid nor canceled; 0 when it is
 * not past due. The stored status is never changed by this (the spec leaves status free).
 */
export function daysPastDue(day: Date, status: BillingStatus, now: Date): number {
  if (SETTLED_STATUSES.includes(status)) return 0;
  const days = Math.floor((startOfDay(now).getTime() - startOfDay(day).getTime()) / DAY_MS);
  return Math.max(0, days);
}
