import Papa from "papaparse";
import type { AuditRow } from "./query.ts";

const show = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);

/** The audit export: one line per row, changed fields as "field: before -> after" lines. */
export function auditCsv(rows: AuditRow[]): string {
  return Papa.unparse(
    {
      fields: [
        "When (UTC)",
        "Who",
        "Role",
        "Action",
        "Entity",
        "Record",
        "Record id",
        "Changes",
        "Details",
        "From address",
      ],
      data: rows.map((row) => [
        row.createdAt.toISOString(),
        row.actor?.email ?? "system",
        row.actor?.role ?? "",
        row.action,
        row.entityType,
        row.record?.label ?? "",
        row.entityId ?? "",
        row.changes.map((change) => `${change.field}: ${show(change.from)} -> ${show(change.to)}`).join("\n"),
        row.details ?? "",
        row.ip ?? "",
      ]),
    },
    // A cell starting with = + - @ is not run as a formula by spreadsheets.
    { escapeFormulae: true },
  );
}
