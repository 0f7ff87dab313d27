import type { Db } from "../db/client.ts";
import { currentAuditIp } from "./request-scope.ts";

type AuditWriter = Pick<Db, "auditLog">;

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
  /** The client address, when the write runs outside the request (a worker thread); else the request's. */
  ip?: string | null;
}

/**
 * Records who changed what (append-only: nothing updates or deletes audit rows). Put before/after
 * values in `details.changes` (see diff.ts) so the audit trail can show them. Call it inside the same transaction as the change when there is one. */
export async function recordAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.ip ?? currentAuditIp(),
    },
  });
}
