import { useEffect, useState } from "react";
import { ApiError, currentSession, OfflineError, openTripLink, signOut } from "./api.ts";
import { TripScreen } from "./TripScreen.tsx";
import { DRIVER_TEXTS as T } from "./texts.ts";

type LinkState =
  | { kind: "opening" }
  | { kind: "open"; loadId: string }
  | { kind: "invalid"; message: string }
  | { kind: "offline" };

/**
 * A trip link (/driver/trip/<token>): exchanges its token for a session scoped to that trip, then
 * shows the trip. A wrong, expired or revoked link gets a page that says so and shows no data;
 * offline, a link this phone already opened shows the trip it kept.
 */
export function TripLinkScreen({ token }: { token: string }) {
  // Exchanged at every visit (cheap): a revoked link shows its page at once, not a failing trip.
  const [state, setState] = useState<LinkState>({ kind: "opening" });

  useEffect(() => {
    if (state.kind !== "opening") return;
    let live = true;
    openTripLink(token).then(
      (session) => live && setState({ kind: "open", loadId: session.loadId ?? "" }),
      async (error: unknown) => {
        if (!live) return;
        const kept = currentSession();
        if (error instanceof OfflineError) {
          setState(
            kept?.kind === "trip" && kept.tripToken === token && kept.loadId
              ? { kind: "open", loadId: kept.loadId }
              : { kind: "offline" },
          );
        } else if (error instanceof ApiError && error.status === 401) {
          if (kept?.kind === "trip" && kept.tripToken === token) await signOut();
          setState({ kind: "invalid", message: error.message });
        } else {
          setState({ kind: "invalid", message: error instanceof Error ? error.message : String(error) });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [state.kind, token]);

  if (state.kind === "open") return <TripScreen loadId={state.loadId} />;
  if (state.kind === "opening") {
    return (
      <main className="page">
        <p role="status" className="muted">
          {T.loading}
        </p>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{T.linkInvalidTitle}</h1>
      <p role="alert" className="error" data-testid="trip-link-error">
        {state.kind === "invalid" ? state.message : T.offlineNoTrip}
      </p>
      {state.kind === "invalid" && <p>{T.linkInvalidHint}</p>}
    </main>
  );
}
