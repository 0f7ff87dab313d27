import type { SqlWork } from "../db/bulk.ts";
import type { Db } from "../db/client.ts";
import { queryBuilder } from "../db/kysely.ts";
import type { DbProvider } from "../db/url.ts";
import { type AuditEntry, insertAuditWork } from "./store.ts";

type AuditWriter = Pick<Db, "auditLog">;

export type { AuditEntry } from "./store.ts";

/**
 * Records who changed what (append-only: nothing updates or deletes audit rows). Put before/after
 * values in `details.changes` (see diff.ts) so the audit trail can show them. Call it inside the same transaction as the change when there is one. */
export async function recordAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: entry.actor.id,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.actor.ip,
    },
  });
}

/** recordAudit as a step of a domain's write transaction (bulk writes in worker threads). */
export function recordAuditWork(provider: DbProvider, entry: AuditEntry, now: Date): SqlWork<void> {
  return insertAuditWork(queryBuilder(provider), entry, now);
}
