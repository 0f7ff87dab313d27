import type { Deps } from "../deps.ts";
import { port } from "../lib/port.ts";
import type { TripViewer } from "./policy.ts";

/** The role claim of a trip access token: no user's role, so no session check ever accepts it. */
export const TRIP_ROLE = "TRIP";

/**
 * The trip viewer behind an access token, or null when it is no trip token (driver app). Answered
 * by dispatch, which owns the trip links; the request context and the socket sessions ask here,
 * so the layers under the domains do not import one.
 */
export const tripViewers = port<(deps: Deps, token: string) => Promise<TripViewer | null>>("tripViewers");
