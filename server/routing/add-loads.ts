import { requireAdmin } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { parseInput } from "../lib/validate.ts";
import { createRoute, type RouteChange, updateRoute } from "./service.ts";
import { createRouteInput } from "./validation.ts";

/**
 * The load list's bulk "Add to route": the loads join the route with that number, which is created
 * when there is none. An existing route keeps its loads; the save names the version it read, so
 * someone else's change of the route in between is refused (409) rather than undone.
 */
export async function addLoadsToRoute(ctx: Context, rawInput: unknown): Promise<RouteChange> {
  requireAdmin(ctx);
  const input = parseInput(createRouteInput, rawInput);
  const existing = await ctx.db.route.findUnique({
    where: { routeNumber: input.routeNumber },
    select: { version: true, loads: { select: { loadId: true } } },
  });
  if (!existing) return createRoute(ctx, input);
  const current = existing.loads.map((load) => load.loadId);
  const change = await updateRoute(ctx, input.routeNumber, {
    expectedVersion: existing.version,
    loadIds: [...new Set([...current, ...input.loadIds])],
  });
  return change;
}
