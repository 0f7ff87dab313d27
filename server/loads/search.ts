import type { Context } from "../context.ts";
import type { SearchHit } from "../search/hits.ts";
import { loadHitRows } from "./store-list.ts";

/**
 * Loads whose id contains the text, any case: the load list's own search (the FTS5 trigram table on
 * SQLite, the trigram index on PostgreSQL), at most `limit` rows.
 */
export async function searchLoads(ctx: Context, text: string, limit: number): Promise<SearchHit[]> {
  const rows = await loadHitRows(ctx.sql, text, limit);
  return rows.map((row) => ({
    kind: "load",
    key: row.loadId,
    title: row.loadId,
    detail: [row.customer, row.carrierName, row.status.replace("_", " ")].filter(Boolean).join(" · "),
  }));
}
