import type { Db } from "../db/client.ts";
import type { AuditActor } from "./actor.ts";

type AuditWriter = Pick<Db, "auditLog">;

export interface AuditEntry {
  /** Who and from where: `auditActor(ctx)` in a request; worker threads pass the one they were given. */
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

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
