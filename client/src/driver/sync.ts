import { ApiError, authorizedJson, OfflineError } from "./api.ts";
import { batchIsDue, type LatLng, type PositionPoint, toBatches } from "./lib/batching.ts";
import { idbOutbox, readSetting, waitingPoints, writeSetting } from "./lib/local-db.ts";
import {
  flushOutbox,
  type OutboxEntry,
  type OutboxItem,
  retryDelayMs,
  type SendOutcome,
} from "./lib/outbox.ts";

export interface SyncState {
  online: boolean;
  /** What waits in the queue, oldest first (stop events and uploads are shown on their stops). */
  items: OutboxItem[];
  /** Positions read but not batched yet. */
  waitingPoints: number;
  /** When the server last accepted positions (epoch ms). */
  lastSentAt: number | null;
  /** Writes the server refused for good, newest last (kept for this visit). */
  rejected: { label: string; message: string }[];
}

const TICK_MS = 5_000;
const LAST_SENT_KEY = "lastSentAt";

let state: SyncState = {
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  items: [],
  waitingPoints: 0,
  lastSentAt: null,
  rejected: [],
};
const listeners = new Set<() => void>();
const syncedListeners = new Set<() => void>();
let lastBatched: LatLng | null = null;
let flushing: Promise<void> | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

function set(patch: Partial<SyncState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** Runs after a flush that delivered something: screens read the server's view again. */
export function onSynced(listener: () => void): () => void {
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}

export const syncStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

async function refresh() {
  const [items, points] = await Promise.all([idbOutbox.all(), waitingPoints.all()]);
  set({ items, waitingPoints: points.length });
}

/** Starts the queue: loads what an earlier visit left, flushes on reconnect and every few seconds. */
export async function startSync(): Promise<void> {
  if (started) return;
  started = true;
  set({ lastSentAt: (await readSetting<number>(LAST_SENT_KEY)) ?? null });
  await refresh();
  window.addEventListener("online", () => {
    set({ online: true });
    failures = 0;
    void flush();
  });
  window.addEventListener("offline", () => set({ online: false }));
  setInterval(() => void tick(), TICK_MS);
  void flush();
}

/** Queues a write (a stop event or an upload) and tries to send it at once. */
export async function enqueue(entry: OutboxEntry): Promise<void> {
  await idbOutbox.add({ ...entry, queuedAt: Date.now(), attempts: 0 });
  await refresh();
  void flush();
}

/** Keeps a position; batches the waiting ones when 30 s or 500 m have passed. */
export async function recordPosition(loadId: string, point: PositionPoint): Promise<void> {
  await waitingPoints.add({ ...point, loadId });
  await batchWhenDue(Date.now());
}

async function batchWhenDue(now: number) {
  const points = await waitingPoints.all();
  if (!batchIsDue(points, lastBatched, now)) {
    set({ waitingPoints: points.length });
    return;
  }
  // One batch per load, in the order the points were taken.
  const byLoad = new Map<string, typeof points>();
  for (const point of points) byLoad.set(point.loadId, [...(byLoad.get(point.loadId) ?? []), point]);
  for (const [loadId, loadPoints] of byLoad) {
    for (const batch of toBatches(loadPoints)) await waitingPoints.batch(loadId, batch);
  }
  const newest = points[points.length - 1];
  lastBatched = { latitude: newest.latitude, longitude: newest.longitude };
  await refresh();
  void flush();
}

async function tick() {
  await batchWhenDue(Date.now());
  if (state.items.length > 0 && retryTimer === undefined) void flush();
}

/** Sends the queue in order (one flush at a time); after a failure, tries again with a growing pause. */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const result = await flushOutbox(idbOutbox, send);
    if (result.rejected.length > 0) {
      set({
        rejected: [
          ...state.rejected,
          ...result.rejected.map(({ item, message }) => ({ label: labelOf(item), message })),
        ],
      });
    }
    if (result.sent > 0 || result.rejected.length > 0) {
      for (const listener of syncedListeners) listener();
    }
    if (result.stoppedAt) {
      failures += 1;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        void flush();
      }, retryDelayMs(failures));
    } else {
      failures = 0;
    }
    await refresh();
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

function labelOf(item: OutboxItem): string {
  if (item.kind === "positions") return `${item.points.length} positions`;
  if (item.kind === "stop")
    return `Stop ${item.sequence} ${item.event === "arrive" ? "arrival" : "departure"}`;
  return `${item.documentType} ${item.fileName}`;
}

async function send(item: OutboxItem): Promise<SendOutcome> {
  try {
    await deliver(item);
    if (item.kind === "positions") {
      const now = Date.now();
      set({ lastSentAt: now, online: true });
      await writeSetting(LAST_SENT_KEY, now);
    } else if (!state.online) {
      set({ online: true });
    }
    return { kind: "sent" };
  } catch (error) {
    if (error instanceof OfflineError) {
      set({ online: false });
      return { kind: "retry", reason: "offline" };
    }
    if (error instanceof ApiError) {
      const retryable =
        error.status >= 500 || error.status === 429 || error.status === 408 || error.code === "SIGNED_OUT";
      if (retryable) return { kind: "retry", reason: error.message };
      return { kind: "rejected", message: error.message };
    }
    return { kind: "retry", reason: error instanceof Error ? error.message : String(error) };
  }
}

const loadPath = (loadId: string) => encodeURIComponent(loadId);

async function deliver(item: OutboxItem): Promise<void> {
  if (item.kind === "positions") {
    await authorizedJson(`/api/driver/trips/${loadPath(item.loadId)}/positions`, {
      method: "POST",
      body: JSON.stringify({
        positions: item.points.map((point) => ({
          ...point,
          recordedAt: new Date(point.recordedAt).toISOString(),
        })),
      }),
    });
    return;
  }
  if (item.kind === "stop") {
    await authorizedJson(`/api/loads/${loadPath(item.loadId)}/stops/${item.sequence}/${item.event}`, {
      method: "POST",
      body: JSON.stringify({ at: item.at }),
    });
    return;
  }
  const form = new FormData();
  form.set("type", item.documentType);
  form.set("takenAt", item.takenAt);
  if (item.receiverName) form.set("receiverName", item.receiverName);
  if (item.exceptions?.length) form.set("exceptions", item.exceptions.join(","));
  if (item.note) form.set("note", item.note);
  form.set("file", item.file, item.fileName);
  if (item.signature) form.set("signature", item.signature, "signature.png");
  await authorizedJson(`/api/loads/${loadPath(item.loadId)}/documents`, {
    method: "POST",
    headers: { "idempotency-key": item.idempotencyKey },
    body: form,
  });
}
