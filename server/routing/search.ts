import type { Context } from "../context.ts";
import { type SearchHit, upperPrefix } from "../search/hits.ts";

/** Routes whose number starts with the text (route numbers are upper case): the unique index. */
export async function searchRoutes(ctx: Context, text: string, limit: number): Promise<SearchHit[]> {
  const routes = await ctx.db.route.findMany({
    where: { routeNumber: upperPrefix(text) },
    orderBy: { routeNumber: "asc" },
    take: limit,
    select: {
      routeNumber: true,
      carrier: { select: { carrierName: true } },
      _count: { select: { loads: true } },
    },
  });
  return routes.map((route) => ({
    kind: "route",
    key: route.routeNumber,
    title: `Route ${route.routeNumber}`,
    detail: [
      `${route._count.loads} ${route._count.loads === 1 ? "load" : "loads"}`,
      route.carrier?.carrierName,
    ]
      .filter(Boolean)
      .join(" · "),
  }));
}
