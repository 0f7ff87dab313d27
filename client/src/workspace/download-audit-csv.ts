import { downloadFile } from "../lib/download.ts";

/** Downloads the audit export for the filter in `query`; refreshes an expired token once. */
export function downloadAuditCsv(query: string): Promise<void> {
  return downloadFile(`/api/admin/audit.csv?${query}`, "audit.csv", "Export failed");
}
