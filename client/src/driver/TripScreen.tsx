import { useEffect, useMemo } from "react";
import { fetchQuery, graphql, useLazyLoadQuery, useRelayEnvironment, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { TripScreenChangedSubscription } from "./__generated__/TripScreenChangedSubscription.graphql";
import type { TripScreenQuery } from "./__generated__/TripScreenQuery.graphql";
import { currentSession, signOut } from "./api.ts";
import { LocationShare } from "./LocationShare.tsx";
import { navigate } from "./router.ts";
import { StopCard } from "./StopCard.tsx";
import { onSynced } from "./sync.ts";
import { DRIVER_TEXTS as T } from "./texts.ts";

const query = graphql`
  query TripScreenQuery {
    driverTrips {
      id
      loadId
      ...TripScreen_trip @relay(mask: false)
    }
  }
`;

graphql`
  fragment TripScreen_trip on DriverTrip {
    id
    loadId
    status
    driverName
    truckNumber
    trailerNumber
    reference
    notes
    nextStopSequence
    stops {
      sequence
      ...StopCard_stop
    }
  }
`;

const changed = graphql`
  subscription TripScreenChangedSubscription($loadId: String!) {
    driverTripChanged(loadId: $loadId) {
      id
      ...TripScreen_trip
    }
  }
`;

/** One trip: the next stop first, then every stop in order, location sharing and the load's details. */
export function TripScreen({ loadId }: { loadId: string }) {
  const data = useLazyLoadQuery<TripScreenQuery>(query, {}, { fetchPolicy: "store-and-network" });
  const subscription = useMemo<GraphQLSubscriptionConfig<TripScreenChangedSubscription>>(
    () => ({ subscription: changed, variables: { loadId } }),
    [loadId],
  );
  useSubscription(subscription);
  // What the queue delivered shows as the server recorded it (the live push may have been missed offline).
  const environment = useRelayEnvironment();
  useEffect(
    () =>
      onSynced(() => {
        fetchQuery(environment, query, {}).subscribe({});
      }),
    [environment],
  );
  const trip = data.driverTrips.find((candidate) => candidate.loadId === loadId);
  const session = currentSession();

  if (!trip) {
    return (
      <main className="page">
        <h1>
          {T.loadId} {loadId}
        </h1>
        <p className="card">{T.noTrips}</p>
        <BackLink />
      </main>
    );
  }
  const next = trip.stops.find((stop) => stop.sequence === trip.nextStopSequence);
  const others = trip.stops.filter((stop) => stop !== next);
  return (
    <main className="page">
      <header className="topbar">
        <div>
          <h1 data-testid="trip-title">
            {T.loadId} {trip.loadId}
          </h1>
          <p className="muted">
            {trip.driverName}
            {trip.truckNumber && ` · ${T.truck} ${trip.truckNumber}`}
            {trip.trailerNumber && ` · ${T.trailer} ${trip.trailerNumber}`}
          </p>
        </div>
        {session?.kind === "carrier" ? (
          <BackLink />
        ) : (
          <button type="button" className="button small" onClick={() => void signOut()}>
            {T.signOut}
          </button>
        )}
      </header>
      <LocationShare loadId={trip.loadId} />
      {next && (
        <section aria-labelledby="next-stop-heading">
          <h2 id="next-stop-heading">{T.nextStop}</h2>
          <StopCard loadId={trip.loadId} stop={next} isNext />
        </section>
      )}
      <section aria-labelledby="all-stops-heading">
        <h2 id="all-stops-heading">{next ? T.otherStops : T.allStops}</h2>
        <ol className="list">
          {others.map((stop) => (
            <li key={stop.sequence}>
              <StopCard loadId={trip.loadId} stop={stop} isNext={false} />
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="load-heading">
        <h2 id="load-heading">
          {T.loadId} {trip.loadId}
        </h2>
        <dl className="details">
          {trip.reference && (
            <>
              <dt>{T.reference}</dt>
              <dd data-testid="trip-reference">{trip.reference}</dd>
            </>
          )}
          {trip.notes && (
            <>
              <dt>{T.notes}</dt>
              <dd data-testid="trip-notes">{trip.notes}</dd>
            </>
          )}
        </dl>
      </section>
    </main>
  );
}

function BackLink() {
  return (
    <a
      className="button small"
      href="/driver"
      onClick={(event) => {
        event.preventDefault();
        navigate("/driver");
      }}
    >
      {T.backToTrips}
    </a>
  );
}
