import type { LoadMilestoneKind, MilestoneSource } from "../../common/loads/milestones.ts";
import type { Db } from "../db/client.ts";
import { port } from "../lib/port.ts";
import type { Entry } from "./store.ts";

export interface BillingMilestone {
  loadDbId: string;
  milestone: LoadMilestoneKind;
  source: MilestoneSource;
  byUserId?: string | null;
  detail?: string | null;
}

/**
 * The load's timeline (owned by loads) hears of its invoices: "invoiced" when one is made for the
 * load, "paid" when the customer's invoice is marked paid. Plugged in server/wiring.ts; loads calls
 * billing (the invoice drafted on delivery), so billing does not import loads.
 */
export const loadMilestones =
  port<(tx: Pick<Db, "loadMilestone" | "load">, entries: readonly BillingMilestone[]) => Promise<void>>(
    "billing's load milestones",
  );

/** "invoiced" for a customer's invoice linked to a load; nothing for bills or loose invoices. */
export function invoicedMilestone(entry: Entry, byUserId: string | null): BillingMilestone[] {
  if (entry.ledger !== "receivable" || !entry.load) return [];
  const source: MilestoneSource = byUserId ? "user" : "system";
  return [{ loadDbId: entry.load.id, milestone: "invoiced", source, byUserId, detail: entry.number }];
}

/** "paid" when a customer's invoice linked to a load becomes paid. */
export function paidMilestone(before: Entry, after: Entry, byUserId: string | null): BillingMilestone[] {
  if (after.ledger !== "receivable" || !after.load || after.status !== "paid" || before.status === "paid")
    return [];
  return [{ loadDbId: after.load.id, milestone: "paid", source: "user", byUserId, detail: after.number }];
}
