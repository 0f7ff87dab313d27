import { graphql, useFragment } from "react-relay";
import type { StopCard_stop$key } from "./__generated__/StopCard_stop.graphql";
import { DocumentForm } from "./DocumentForm.tsx";
import { facilityTime } from "./format.ts";
import type { StopEvent } from "./lib/outbox.ts";
import { enqueue } from "./sync.ts";
import { DRIVER_TEXTS as T } from "./texts.ts";
import { useSyncState } from "./useSync.ts";

const fragment = graphql`
  fragment StopCard_stop on DriverTripStop {
    sequence
    kind
    facilityName
    address
    city
    state
    zip
    timeZone
    appointmentText
    arrivedAt
    departedAt
    navigationUrl
  }
`;

export interface StopCardProps {
  loadId: string;
  stop: StopCard_stop$key;
  isNext: boolean;
}

/**
 * A stop: where, when (on the facility's clock), a link that opens the phone's maps app, and the
 * Arrived / Departed buttons. A check-in made offline shows at once with the time it was made and
 * "waiting to send" until the server has it. Pickups take a BOL photo, deliveries the POD.
 */
export function StopCard({ loadId, stop: stopKey, isNext }: StopCardProps) {
  const stop = useFragment(fragment, stopKey);
  const { items } = useSyncState();
  const queued = (event: StopEvent) =>
    items.find(
      (item) =>
        item.kind === "stop" &&
        item.loadId === loadId &&
        item.sequence === stop.sequence &&
        item.event === event,
    );
  const queuedArrive = queued("arrive");
  const queuedDepart = queued("depart");
  const arrivedAt = stop.arrivedAt ?? (queuedArrive?.kind === "stop" ? queuedArrive.at : null);
  const departedAt = stop.departedAt ?? (queuedDepart?.kind === "stop" ? queuedDepart.at : null);
  const kindLabel =
    stop.kind === "pickup" ? T.pickup : stop.kind === "delivery" ? T.delivery : `Stop ${stop.sequence}`;

  function handleEvent(event: StopEvent) {
    void enqueue({ kind: "stop", loadId, sequence: stop.sequence, event, at: new Date().toISOString() });
  }

  return (
    <article
      className={isNext ? "card stop next" : "card stop"}
      data-testid={`stop-${stop.sequence}`}
      aria-label={`${kindLabel}: ${stop.facilityName ?? stop.city ?? stop.sequence}`}
    >
      <p className={`badge ${stop.kind}`}>
        {stop.sequence}. {kindLabel}
      </p>
      <h3>{stop.facilityName ?? stop.city ?? `Stop ${stop.sequence}`}</h3>
      <p className="address">
        {stop.address && (
          <>
            {stop.address}
            <br />
          </>
        )}
        {[stop.city, [stop.state, stop.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
      </p>
      <p>
        <strong>{T.appointment}:</strong> <span data-testid="appointment">{stop.appointmentText ?? "—"}</span>
      </p>
      {stop.navigationUrl && (
        <a className="button" href={stop.navigationUrl} target="_blank" rel="noopener noreferrer">
          {T.navigate} <span className="visually-hidden">to {stop.facilityName}</span>
        </a>
      )}
      <dl className="details">
        {arrivedAt && (
          <>
            <dt>{T.arrivedAt}</dt>
            <dd data-testid="arrived-at">
              {facilityTime(arrivedAt, stop.timeZone)}
              {!stop.arrivedAt && <span className="pending"> ({T.waitingToSend})</span>}
            </dd>
          </>
        )}
        {departedAt && (
          <>
            <dt>{T.departedAt}</dt>
            <dd data-testid="departed-at">
              {facilityTime(departedAt, stop.timeZone)}
              {!stop.departedAt && <span className="pending"> ({T.waitingToSend})</span>}
            </dd>
          </>
        )}
      </dl>
      <div className="row">
        <button
          type="button"
          className="button primary"
          disabled={arrivedAt !== null}
          onClick={() => handleEvent("arrive")}
        >
          {T.arrived}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={arrivedAt === null || departedAt !== null}
          onClick={() => handleEvent("depart")}
        >
          {T.departed}
        </button>
      </div>
      {stop.kind === "pickup" && <DocumentForm loadId={loadId} documentType="BOL" />}
      {stop.kind === "delivery" && <DocumentForm loadId={loadId} documentType="POD" />}
    </article>
  );
}
