import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { PositionPoint } from "./batching.ts";
import type { OutboxItem, OutboxStorage } from "./outbox.ts";

/** What the phone keeps between visits: how it signed in, and what it has not sent yet. */
export interface DriverSession {
  /** The trip link's token (exchanged again for a fresh access token when that one expires). */
  tripToken: string | null;
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
  kind: "trip" | "carrier";
  /** The trip viewer's one load. */
  loadId: string | null;
  name: string;
}

export interface WaitingPoint extends PositionPoint {
  id: number;
  loadId: string;
}

interface DriverDb extends DBSchema {
  outbox: { key: number; value: OutboxItem };
  points: { key: number; value: WaitingPoint };
  settings: { key: string; value: unknown };
}

let opening: Promise<IDBPDatabase<DriverDb>> | undefined;

function db(): Promise<IDBPDatabase<DriverDb>> {
  opening ??= openDB<DriverDb>("freightway-driver", 1, {
    upgrade(database) {
      database.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
      database.createObjectStore("points", { keyPath: "id", autoIncrement: true });
      database.createObjectStore("settings");
    },
  });
  return opening;
}

export const idbOutbox: OutboxStorage = {
  async add(item) {
    return (await db()).add("outbox", item as OutboxItem);
  },
  async all() {
    return (await db()).getAll("outbox");
  },
  async remove(id) {
    await (await db()).delete("outbox", id);
  },
  async put(item) {
    await (await db()).put("outbox", item);
  },
};

/** Positions read but not batched yet (kept so closing the app loses none). */
export const waitingPoints = {
  async add(point: Omit<WaitingPoint, "id">): Promise<void> {
    await (await db()).add("points", point as WaitingPoint);
  },
  async all(): Promise<WaitingPoint[]> {
    return (await db()).getAll("points");
  },
  /** Moves the given points into one outbox item, in one transaction (never sent twice, never lost). */
  async batch(loadId: string, points: WaitingPoint[]): Promise<void> {
    const transaction = (await db()).transaction(["points", "outbox"], "readwrite");
    await Promise.all([
      ...points.map((point) => transaction.objectStore("points").delete(point.id)),
      transaction.objectStore("outbox").add({
        kind: "positions",
        loadId,
        points: points.map(({ id: _id, loadId: _loadId, ...point }) => point),
        queuedAt: Date.now(),
        attempts: 0,
      } as OutboxItem),
      transaction.done,
    ]);
  },
};

export async function readSetting<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get("settings", key)) as T | undefined;
}

export async function writeSetting(key: string, value: unknown): Promise<void> {
  const database = await db();
  if (value === undefined) await database.delete("settings", key);
  else await database.put("settings", value, key);
}
