import type { Context } from "../context.ts";
import type { SearchHit } from "../search/hits.ts";
import { loadFilterSql } from "./list.ts";

interface LoadHitRow {
  loadId: string;
  customer: string | null;
  status: string;
  carrierName: string | null;
}

/**
 * Loads whose id contains the text, any case: the load list's own search (the FTS5 trigram table on
 * SQLite, the trigram index on PostgreSQL), at most `limit` rows.
 */
export async function searchLoads(ctx: Context, text: string, limit: number): Promise<SearchHit[]> {
  const filter = loadFilterSql(ctx.sql.provider, { search: text });
  const rows = await ctx.sql.all<LoadHitRow>({
    sql: `SELECT l."loadId", l."customer", l."status", l."carrierName" FROM "Load" l${filter.sql} ORDER BY l."loadId" LIMIT ?`,
    params: [...filter.params, limit],
  });
  return rows.map((row) => ({
    kind: "load",
    key: row.loadId,
    title: row.loadId,
    detail: [row.customer, row.carrierName, row.status.replace("_", " ")].filter(Boolean).join(" · "),
  }));
}
