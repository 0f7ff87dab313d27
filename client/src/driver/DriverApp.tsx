import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { currentSession, loadSession, onSessionChange } from "./api.ts";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { createDriverRelay } from "./relay.ts";
import { parseDriverPath, usePathname } from "./router.ts";
import { SignInScreen } from "./SignInScreen.tsx";
import { startSync } from "./sync.ts";
import { TripLinkScreen } from "./TripLinkScreen.tsx";
import { TripListScreen } from "./TripListScreen.tsx";
import { TripScreen } from "./TripScreen.tsx";
import { DRIVER_TEXTS as T } from "./texts.ts";

/** The driver app: sign-in by trip link or carrier account, the trips, the trip. */
export function DriverApp() {
  const [ready, setReady] = useState(false);
  const session = useSyncExternalStore(onSessionChange, currentSession);
  const pathname = usePathname();
  const route = parseDriverPath(pathname);

  useEffect(() => {
    void Promise.all([loadSession(), startSync()]).finally(() => setReady(true));
  }, []);

  // A new Relay store for each session: one driver's trips never show to the next.
  const epoch = session ? `${session.kind}:${session.loadId ?? ""}:${session.name}` : "none";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the epoch decides when to start over
  const relay = useMemo(() => createDriverRelay(), [epoch]);
  useEffect(() => () => relay.dispose(), [relay]);

  if (!ready) return <Loading />;
  let screen: React.ReactNode;
  if (route.name === "link") screen = <TripLinkScreen token={route.token} />;
  else if (route.name === "notFound") screen = <NotFound />;
  else if (!session) screen = <SignInScreen />;
  else if (route.name === "trip") screen = <TripScreen loadId={route.loadId} />;
  else if (session.kind === "trip" && session.loadId) screen = <TripScreen loadId={session.loadId} />;
  else screen = <TripListScreen />;

  return (
    <RelayEnvironmentProvider environment={relay.environment}>
      <ErrorBoundary key={`${epoch}:${pathname}`}>
        <Suspense fallback={<Loading />}>{screen}</Suspense>
      </ErrorBoundary>
    </RelayEnvironmentProvider>
  );
}

function Loading() {
  return (
    <main className="page">
      <p role="status" className="muted">
        {T.loading}
      </p>
    </main>
  );
}

function NotFound() {
  return (
    <main className="page">
      <h1>Page not found</h1>
      <a className="button" href="/driver">
        {T.backToTrips}
      </a>
    </main>
  );
}
