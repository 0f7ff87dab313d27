import { clockTime } from "./format.ts";
import { DRIVER_TEXTS as T } from "./texts.ts";
import { useSyncState } from "./useSync.ts";

/** One line: online or not, when positions last reached the server, how much waits in the queue. */
export function SyncStatus({ sharing }: { sharing?: boolean }) {
  const sync = useSyncState();
  const waiting = sync.items.length + (sync.waitingPoints > 0 ? 1 : 0);
  return (
    <div className="status-line" role="status" aria-live="polite" data-testid="sync-status">
      <span className={sync.online ? "dot on" : "dot off"} aria-hidden="true" />
      <span data-testid="online-state">{sync.online ? T.online : T.offline}</span>
      {sharing !== undefined && <span>{sharing ? T.sharing : T.notSharing}</span>}
      <span>
        {T.lastSent}:{" "}
        <span data-testid="last-sent">{sync.lastSentAt ? clockTime(sync.lastSentAt) : T.never}</span>
      </span>
      <span>
        {T.queue}: <span data-testid="queue-length">{waiting}</span>
      </span>
      {sync.rejected.length > 0 && (
        <ul className="error rejected" data-testid="rejected">
          {sync.rejected.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
            <li key={index}>
              {T.rejected}: {entry.label} — {entry.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
