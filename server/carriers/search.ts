import { carrierListFilter } from "../../common/carriers.ts";
import type { Context } from "../context.ts";
import type { SearchHit } from "../search/hits.ts";
import { carrierWhere } from "./list.ts";

/**
 * Carriers by name, carrier id, DOT # or MC # (the carrier list's own search), at most `limit`,
 * names in order. The carrier table is the size of a carrier network, not of the freight.
 */
export async function searchCarriers(ctx: Context, text: string, limit: number): Promise<SearchHit[]> {
  const filter = carrierListFilter.parse({ search: text });
  const carriers = await ctx.db.carrier.findMany({
    where: carrierWhere(ctx.config.databaseUrl, filter),
    orderBy: [{ carrierName: "asc" }, { id: "asc" }],
    take: limit,
    select: { carrierId: true, carrierName: true, dotNumber: true, mcNumber: true, type: true },
  });
  return carriers.map((carrier) => ({
    kind: "carrier",
    key: carrier.carrierId,
    title: carrier.carrierName,
    detail: `DOT ${carrier.dotNumber} · MC ${carrier.mcNumber} · ${carrier.type}`,
  }));
}
