import { run, type SqlWork } from "../db/bulk.ts";
import { createRowId } from "../lib/ids.ts";
import type { AuditEntry } from "./service.ts";

/** recordAudit for a bulk write transaction (see db/bulk.ts). */
export function* recordAuditSql(entry: AuditEntry, now: Date): SqlWork<void> {
  yield* run(
    `INSERT INTO "AuditLog" ("id", "actorId", "action", "entityType", "entityId", "details", "ip", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      createRowId(),
      entry.actor.id,
      entry.action,
      entry.entityType,
      entry.entityId ?? null,
      entry.details ? JSON.stringify(entry.details) : null,
      entry.actor.ip,
      now,
    ],
  );
}
