import { authRoutes } from "./auth/rest.ts";
import { billingRoutes } from "./billing/rest.ts";
import { carrierRoutes } from "./carriers/rest.ts";
import { complianceRoutes } from "./compliance/rest.ts";
import { contactRoutes } from "./contact/rest.ts";
import { dispatchRoutes } from "./dispatch/rest.ts";
import { documentRoutes } from "./documents/rest.ts";
import { driverRoutes } from "./driver/rest.ts";
import type { RestRoute } from "./http/router.ts";
import { laneRoutes } from "./lanes/rest.ts";
import { manualAssignmentRoutes } from "./loads/manual-assignment/rest.ts";
import { loadRoutes } from "./loads/rest.ts";
import { stopVisitRoutes } from "./loads/stop-visits-rest.ts";
import { timelineRoutes } from "./loads/timeline-rest.ts";
import { mailRoutes } from "./mail/rest.ts";
import { nassRoutes } from "./nass/rest.ts";
import { notificationRoutes } from "./notifications/rest.ts";
import { awardRoutes } from "./offers/award-rest.ts";
import { bidRoutes } from "./offers/bids/rest.ts";
import { bookingRoutes } from "./offers/booking-rest.ts";
import { offerRoutes } from "./offers/rest.ts";
import { tenderRoutes } from "./offers/tender-rest.ts";
import { routingRoutes } from "./routing/rest.ts";
import { scorecardRoutes } from "./scorecards/rest.ts";
import { trackingRoutes } from "./tracking/rest.ts";
import { userRoutes } from "./users/rest.ts";
import { workspaceRoutes } from "./workspace/rest.ts";

/** Every legacy path of the spec, served under /api. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...userRoutes,
  ...notificationRoutes,
  ...carrierRoutes,
  ...complianceRoutes,
  ...scorecardRoutes,
  ...manualAssignmentRoutes,
  ...contactRoutes,
  ...mailRoutes,
  ...loadRoutes,
  ...documentRoutes,
  ...timelineRoutes,
  ...stopVisitRoutes,
  ...dispatchRoutes,
  ...driverRoutes,
  ...nassRoutes,
  ...offerRoutes,
  ...laneRoutes,
  ...tenderRoutes,
  ...bookingRoutes,
  ...awardRoutes,
  ...bidRoutes,
  ...trackingRoutes,
  ...routingRoutes,
  ...workspaceRoutes,
  ...billingRoutes,
];
