import { graphql, useLazyLoadQuery } from "react-relay";
import type { TripListScreenQuery } from "./__generated__/TripListScreenQuery.graphql";
import { signOut } from "./api.ts";
import { navigate, tripPath } from "./router.ts";
import { SyncStatus } from "./SyncStatus.tsx";
import { DRIVER_TEXTS as T } from "./texts.ts";

const query = graphql`
  query TripListScreenQuery {
    driverTrips {
      id
      loadId
      driverName
      nextStopSequence
      stops {
        sequence
        facilityName
        city
        state
        appointmentText
      }
    }
  }
`;

/** A carrier user's dispatched trips, each opening its trip screen. */
export function TripListScreen() {
  const data = useLazyLoadQuery<TripListScreenQuery>(query, {}, { fetchPolicy: "store-and-network" });
  return (
    <main className="page">
      <header className="topbar">
        <h1>{T.tripsTitle}</h1>
        <button type="button" className="button small" onClick={() => void signOut()}>
          {T.signOut}
        </button>
      </header>
      <SyncStatus />
      {data.driverTrips.length === 0 && <p className="card">{T.noTrips}</p>}
      <ul className="list">
        {data.driverTrips.map((trip) => {
          const next = trip.stops.find((stop) => stop.sequence === trip.nextStopSequence) ?? trip.stops[0];
          return (
            <li key={trip.id}>
              <a
                className="card trip-link"
                href={tripPath(trip.loadId)}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(tripPath(trip.loadId));
                }}
              >
                <strong>
                  {T.loadId} {trip.loadId}
                </strong>
                <span>{trip.driverName}</span>
                {next && (
                  <span className="muted">
                    {T.nextStop}: {next.facilityName}, {next.city} {next.state} · {next.appointmentText}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
