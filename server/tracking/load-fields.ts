import { publicTrackingPath } from "../../common/tracking.ts";
import { builder } from "../builder.ts";
import type { Context } from "../context.ts";
import { trackedRouteNumbers } from "../routing/store-tracked.ts";

/**
 * Route numbers of the tracked routes among `routeIds`, one query for every load of a request:
 * the load list answers its page from one statement and this field must not add a query per row.
 */
const lookups = new WeakMap<object, Map<string, Promise<string | null>>>();

function trackedRouteNumber(ctx: Context, routeId: string): Promise<string | null> {
  let known = lookups.get(ctx);
  if (!known) {
    known = new Map();
    lookups.set(ctx, known);
  }
  const cached = known.get(routeId);
  if (cached) return cached;
  const pending = new Map<string, (value: string | null) => void>();
  const answer = new Promise<string | null>((resolve) => pending.set(routeId, resolve));
  known.set(routeId, answer);
  batch(ctx).push([routeId, pending.get(routeId)!]);
  return answer;
}

type Waiter = [string, (value: string | null) => void];
const batches = new WeakMap<object, Waiter[]>();

function batch(ctx: Context): Waiter[] {
  let waiting = batches.get(ctx);
  if (!waiting) {
    const list: Waiter[] = [];
    waiting = list;
    batches.set(ctx, list);
    // Every resolver of this tick queues its id first; then one query answers them all.
    setImmediate(async () => {
      batches.delete(ctx);
      try {
        const numbers = await trackedRouteNumbers(ctx.db, [...new Set(list.map(([id]) => id))]);
        for (const [id, resolve] of list) resolve(numbers.get(id) ?? null);
      } catch {
        for (const [, resolve] of list) resolve(null);
      }
    });
  }
  return waiting;
}

/** The load list's Actions column: the tracking screen when the load's route is being tracked. */
builder.prismaObjectField("Load", "trackedRouteNumber", (t) =>
  t.string({
    nullable: true,
    description: "The load's route number when its truck reports positions, else null.",
    resolve: (load, _args, ctx) => {
      if (!load.routeId) return null;
      // The load list's page statement answers it already; elsewhere one batched query does.
      const known = (load as { trackedRouteNumber?: string | null }).trackedRouteNumber;
      return known !== undefined ? known : trackedRouteNumber(ctx, load.routeId);
    },
  }),
);

/**
 * What to send a shipper: the external tracking link when one was set on the load, else the
 * load's public page /track/{token} (issued when its truck starts reporting). `trackingLink`
 * itself stays the editable external link.
 */
builder.prismaObjectField("Load", "shipperTrackingLink", (t) =>
  t.string({
    nullable: true,
    description: "The link to send a shipper: the load's trackingLink, else its public /track/{token} path.",
    select: {
      trackingLink: true,
      trackingLinks: {
        where: { revokedAt: null },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { token: true },
      },
    },
    resolve: (load) =>
      load.trackingLink ?? (load.trackingLinks[0] ? publicTrackingPath(load.trackingLinks[0].token) : null),
  }),
);
