import type { AuditRow } from "./query.ts";

/** An audit trail row as the REST list answers it. */
export function auditJson(row: AuditRow) {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    record: row.record,
    actor: row.actor,
    changes: row.changes,
    details: row.details ? (JSON.parse(row.details) as unknown) : null,
    ip: row.ip,
  };
}
