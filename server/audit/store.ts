import type { SqlWork } from "../db/bulk.ts";
import { execute, type Store } from "../db/kysely.ts";
import { createRowId } from "../lib/ids.ts";
import type { AuditActor } from "./actor.ts";

/** Audit's store: the audit row a domain's write transaction adds, on either database. */

export interface AuditEntry {
  /** Who and from where: `auditActor(ctx)` in a request; worker threads pass the one they were given. */
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

export function* insertAuditWork(db: Store, entry: AuditEntry, now: Date): SqlWork<void> {
  yield* execute(
    db.insertInto("AuditLog").values({
      id: createRowId(),
      actorId: entry.actor.id,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.actor.ip,
      createdAt: now,
    }),
  );
}
