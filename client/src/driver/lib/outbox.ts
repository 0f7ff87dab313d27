import type { DriverDocumentType, PodException } from "../../../../common/driver.ts";
import type { PositionPoint } from "./batching.ts";

export type StopEvent = "arrive" | "depart";

/** A write the driver made, kept until the server has it; each carries when it happened. */
export type OutboxEntry =
  | { kind: "positions"; loadId: string; points: PositionPoint[] }
  | { kind: "stop"; loadId: string; sequence: number; event: StopEvent; at: string }
  | {
      kind: "document";
      loadId: string;
      documentType: DriverDocumentType;
      file: Blob;
      fileName: string;
      takenAt: string;
      /** Sent as the Idempotency-Key header: a retry after a lost answer stores nothing twice. */
      idempotencyKey: string;
      signature?: Blob;
      receiverName?: string;
      exceptions?: PodException[];
      note?: string;
    };

export type OutboxItem = OutboxEntry & { id: number; queuedAt: number; attempts: number };

/** Where the queue lives (IndexedDB in the app, memory in unit tests); `all` is in insertion order. */
export interface OutboxStorage {
  add(item: Omit<OutboxItem, "id">): Promise<number>;
  all(): Promise<OutboxItem[]>;
  remove(id: number): Promise<void>;
  put(item: OutboxItem): Promise<void>;
}

/**
 * What sending one item came to: `sent` (or already there), `retry` (offline, the server busy or
 * the session to renew: keep it and stop, so nothing later overtakes it) or `rejected` (the server
 * refused it for good: drop it and say why; later items still go).
 */
export type SendOutcome =
  | { kind: "sent" }
  | { kind: "retry"; reason: string }
  | { kind: "rejected"; message: string };

export interface FlushResult {
  sent: number;
  rejected: { item: OutboxItem; message: string }[];
  /** Set when the flush stopped at an item to try again later. */
  stoppedAt: OutboxItem | null;
}

/** Sends queued items oldest first, one at a time; stops at the first that must be retried. */
export async function flushOutbox(
  storage: OutboxStorage,
  send: (item: OutboxItem) => Promise<SendOutcome>,
): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, rejected: [], stoppedAt: null };
  for (const item of await storage.all()) {
    let outcome: SendOutcome;
    try {
      outcome = await send(item);
    } catch (error) {
      outcome = { kind: "retry", reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind === "retry") {
      await storage.put({ ...item, attempts: item.attempts + 1 });
      result.stoppedAt = item;
      return result;
    }
    await storage.remove(item.id);
    if (outcome.kind === "sent") result.sent += 1;
    else result.rejected.push({ item, message: outcome.message });
  }
  return result;
}

/** Waits between flush attempts after a failure: 2 s, 4 s, 8 s ... at most a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
}

/** An in-memory queue with the same contract (unit tests, and a browser without IndexedDB). */
export function memoryOutbox(): OutboxStorage {
  const items = new Map<number, OutboxItem>();
  let next = 1;
  return {
    async add(item) {
      const id = next++;
      items.set(id, { ...item, id } as OutboxItem);
      return id;
    },
    async all() {
      return [...items.values()].sort((a, b) => a.id - b.id);
    },
    async remove(id) {
      items.delete(id);
    },
    async put(item) {
      items.set(item.id, item);
    },
  };
}
