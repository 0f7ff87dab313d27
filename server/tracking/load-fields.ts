import { publicTrackingPath } from "../../common/tracking.ts";
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

/**
 * What to send a shipper: the external tracking link when one was set on the load, else the
 * load's public page /track/{token} (issued when its truck starts reporting). `trackingLink`
 * itself stays the editable external link.
 */
builder.prismaObjectField("Load", "shipperTrackingLink", (t) =>
  t.string({
    nullable: true,
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
