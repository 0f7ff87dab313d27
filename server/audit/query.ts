import { AUDIT_PAGE_SIZE } from "../../common/workspace.ts";
import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { providerOf } from "../db/client.ts";
import { containsText, startsWithLiteral } from "../db/contains-text.ts";
import type { AuditLog, Prisma } from "../generated/sqlite/client.ts";
import { numberedPage, type OffsetConnection, type OffsetPageArgs } from "../lib/paging.ts";
import { parseInput } from "../lib/validate.ts";
import { type AuditListInput, auditListInput } from "../workspace/validation.ts";
import type { FieldChange } from "./diff.ts";
import { type AuditRecordLink, linksFor } from "./links.ts";

/** The read side of the audit log. Rows are append-only: nothing here or anywhere edits them. */
export const AUDIT_PAGING = { defaultSize: AUDIT_PAGE_SIZE, maxSize: 200 };
/** A CSV export holds at most this many rows (the newest matching ones); narrow the filter for more. */
export const AUDIT_EXPORT_LIMIT = 10_000;

export interface AuditChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface AuditRow {
  id: string;
  createdAt: Date;
  action: string;
  entityType: string;
  entityId: string | null;
  ip: string | null;
  details: string | null;
  actor: { id: string; email: string; fullName: string | null; role: string } | null;
  changes: AuditChange[];
  record: AuditRecordLink | null;
  /** One line for an entry without field changes, e.g. the bulk upload that touched a record. */
  summary?: string | null;
}

export function auditWhere(databaseUrl: string, filter: AuditListInput): Prisma.AuditLogWhereInput {
  const provider = providerOf(databaseUrl);
  const conditions: Prisma.AuditLogWhereInput[] = [];
  if (filter.entityType) conditions.push({ entityType: filter.entityType });
  if (filter.entityId) conditions.push({ entityId: filter.entityId });
  if (filter.action) conditions.push({ action: startsWithLiteral(filter.action) });
  if (filter.from) conditions.push({ createdAt: { gte: filter.from } });
  if (filter.to) conditions.push({ createdAt: { lte: filter.to } });
  if (filter.actor) {
    conditions.push({
      actor: {
        OR: [
          { email: containsText(provider, filter.actor) },
          { fullName: containsText(provider, filter.actor) },
        ],
      },
    });
  }
  const term = filter.search?.trim();
  if (term) {
    conditions.push({
      OR: [
        { action: containsText(provider, term) },
        { entityId: term },
        { details: containsText(provider, term) },
        { ip: startsWithLiteral(term) },
      ],
    });
  }
  return conditions.length > 0 ? { AND: conditions } : {};
}

const ORDER: Prisma.AuditLogOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
const ACTOR = { select: { id: true, email: true, fullName: true, role: true } } as const;

function changesOf(details: string | null): AuditChange[] {
  if (!details) return [];
  try {
    const parsed = JSON.parse(details) as { changes?: Record<string, FieldChange> };
    if (!parsed.changes || typeof parsed.changes !== "object") return [];
    return Object.entries(parsed.changes).map(([field, change]) => ({
      field,
      from: change?.from ?? null,
      to: change?.to ?? null,
    }));
  } catch {
    return [];
  }
}

async function toRows(ctx: Context, rows: (AuditLog & { actor: AuditRow["actor"] })[]): Promise<AuditRow[]> {
  const links = await linksFor(ctx.db, rows);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    ip: row.ip,
    details: row.details,
    actor: row.actor,
    changes: changesOf(row.details),
    record: row.entityId ? (links.get(`${row.entityType}:${row.entityId}`) ?? null) : null,
  }));
}

export async function findAuditPage(
  ctx: Context,
  rawFilter: unknown,
  paging: OffsetPageArgs,
): Promise<OffsetConnection<AuditRow>> {
  requireAdmin(ctx);
  const filter = parseInput(auditListInput, rawFilter);
  const where = auditWhere(ctx.config.databaseUrl, filter);
  return numberedPage(
    paging,
    AUDIT_PAGING,
    () => ctx.db.auditLog.count({ where }),
    async ({ skip, take }) =>
      toRows(
        ctx,
        await ctx.db.auditLog.findMany({ where, orderBy: ORDER, skip, take, include: { actor: ACTOR } }),
      ),
  );
}

/** The newest matching rows for a CSV export, at most AUDIT_EXPORT_LIMIT. */
export async function auditRowsForExport(ctx: Context, rawFilter: unknown): Promise<AuditRow[]> {
  requireAdmin(ctx);
  const filter = parseInput(auditListInput, rawFilter);
  const rows = await ctx.db.auditLog.findMany({
    where: auditWhere(ctx.config.databaseUrl, filter),
    orderBy: ORDER,
    take: AUDIT_EXPORT_LIMIT,
    include: { actor: ACTOR },
  });
  return toRows(ctx, rows);
}

/** Distinct entity types and action names, for the filter menus. */
export async function auditVocabulary(ctx: Context): Promise<{ entityTypes: string[]; actions: string[] }> {
  requireAdmin(ctx);
  const [types, actions] = await Promise.all([
    ctx.db.auditLog.groupBy({ by: ["entityType"], orderBy: { entityType: "asc" }, take: 100 }),
    ctx.db.auditLog.groupBy({ by: ["action"], orderBy: { action: "asc" }, take: 300 }),
  ]);
  return { entityTypes: types.map((row) => row.entityType), actions: actions.map((row) => row.action) };
}

function uploadSummary(kind: "created" | "updated", batchId: string, details: string | null): string {
  let facts: { stream?: unknown; fileNames?: unknown; rowCount?: unknown; fields?: unknown } = {};
  try {
    facts = details ? (JSON.parse(details) as typeof facts) : {};
  } catch {
    // the batch id alone still names the upload
  }
  const files =
    Array.isArray(facts.fileNames) && facts.fileNames.length ? `, ${facts.fileNames.join(", ")}` : "";
  const rows = typeof facts.rowCount === "number" ? `, ${facts.rowCount} rows` : "";
  const fields =
    kind === "updated" && Array.isArray(facts.fields) && facts.fields.length
      ? `; fields in the file: ${facts.fields.join(", ")}`
      : "";
  const verb = kind === "created" ? "Created" : "Updated";
  return `${verb} by bulk upload ${batchId} (stream ${String(facts.stream ?? "?")}${files}${rows}${fields})`;
}

/**
 * A load's bulk uploads as History entries: the batch's one audit row (who, when, from where),
 * told from the load's side as created or updated. An upload writes one audit row per batch, not
 * one per load; the loads domain says which batches touched the load (loads/upload/history.ts).
 */
export async function loadUploadEntries(
  ctx: Context,
  loadDbId: string,
  touches: { batchId: string; kind: "created" | "updated" }[],
): Promise<AuditRow[]> {
  requireAdmin(ctx);
  if (touches.length === 0) return [];
  const rows = await ctx.db.auditLog.findMany({
    where: {
      entityType: "UploadBatch",
      action: "load.upload",
      entityId: { in: touches.map((t) => t.batchId) },
    },
    orderBy: ORDER,
    include: { actor: ACTOR },
  });
  const kindOf = new Map(touches.map((touch) => [touch.batchId, touch.kind]));
  const links = await linksFor(ctx.db, [{ entityType: "Load", entityId: loadDbId }]);
  const record = links.get(`Load:${loadDbId}`) ?? null;
  return rows.map((row) => {
    const kind = kindOf.get(row.entityId ?? "") ?? "updated";
    return {
      id: `${row.id}:${loadDbId}`,
      createdAt: row.createdAt,
      action: `load.upload.${kind}`,
      entityType: "Load",
      entityId: loadDbId,
      ip: row.ip,
      details: row.details,
      actor: row.actor,
      changes: [],
      record,
      summary: uploadSummary(kind, row.entityId ?? "", row.details),
    };
  });
}
