import { builder } from "../builder.ts";

/** The load list's Actions column: the tracking screen when the load's route is being tracked. */
builder.prismaObjectField("Load", "trackedRouteNumber", (t) =>
  t.string({
    nullable: true,
    description: "The load's route number when its truck reports positions, else null.",
    select: { route: { select: { routeNumber: true, lastPositionAt: true } } },
    resolve: (load) => (load.route?.lastPositionAt ? load.route.routeNumber : null),
  }),
);
