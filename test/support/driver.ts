import type { App } from "../../server/app.ts";
import { rest } from "./app.ts";
import { acceptedLoad } from "./offers.ts";

let sequence = 0;

export const TRIP_DRIVER = {
  driverName: "Dana Driver",
  driverPhone: "(201) 555-0142",
  truckNumber: "TR-7",
  trailerNumber: "53-12",
};

/** Dallas, the delivery end of biddableLoad's trips. */
export const DALLAS = { latitude: 32.7767, longitude: -96.797 };

/**
 * A load the real way up to dispatch (offered, won, tender accepted, dispatched by the winner),
 * with a Dallas delivery stop after biddableLoad's Chicago pickup. Answers the trip link's token.
 */
export async function dispatchedTrip(app: App, adminToken: string) {
  const awarded = await acceptedLoad(app, adminToken);
  sequence++;
  const dallas = await app.deps.db.nassCode.create({
    data: {
      code: `DAL${sequence}-${Date.now()}`,
      facilityName: "Dallas P&DC",
      street: "951 W Commerce St",
      city: "Dallas",
      state: "TX",
      zip: "75208",
      ...DALLAS,
    },
  });
  await app.deps.db.loadStop.create({
    data: { loadId: awarded.load.id, sequence: 2, type: "delivery", nassCodeId: dallas.id },
  });
  const dispatched = await rest<{ tripUrl: string }>(
    app,
    "POST",
    `/loads/${awarded.load.loadId}/dispatch`,
    TRIP_DRIVER,
    { token: awarded.winner.session.token },
  );
  if (dispatched.status !== 200) throw new Error(`dispatch failed: ${JSON.stringify(dispatched.body)}`);
  const tripToken = /\/driver\/trip\/([\w-]+)$/.exec(dispatched.body.tripUrl)?.[1] ?? "";
  return { ...awarded, tripToken, tripUrl: dispatched.body.tripUrl };
}

/** The trip token exchanged for a trip session's access token. */
export async function tripSession(app: App, tripToken: string): Promise<string> {
  const opened = await rest<{ accessToken: string }>(app, "POST", "/driver/session", { token: tripToken });
  if (opened.status !== 200) throw new Error(`session failed: ${JSON.stringify(opened.body)}`);
  return opened.body.accessToken;
}
