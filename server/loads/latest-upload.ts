import type { Context } from "../context.ts";
import { lastUploadRow } from "./store.ts";

/**
 * The list screen asks the latest upload ('Last update') with every page. When one request reads
 * both, the upload's id and date ride along in the page's own statement (loadPageSql's riders):
 * one round trip to the database instead of two, which on PostgreSQL was a fifth of the list's
 * CPU (bench/list-cost.md). Only where reads are round trips (`SqlReader.roundTrips`): SQLite's
 * run in this process, and there riding along measured no gain. The upload's read waits until
 * the resolvers started in the same turn have run (setImmediate); when no page statement took it
 * by then, or the page it rode in had no row to carry it, it reads by itself.
 */
export interface LatestUpload {
  id: string;
  createdAt: unknown;
}

interface Rider {
  taken: boolean;
  settle(found: LatestUpload | null | "read alone"): void;
}

const riders = new WeakMap<Context, Rider>();

/** The latest upload's id and createdAt (null when there is none), read with a page if one comes. */
export function latestUploadAlongside(ctx: Context): Promise<LatestUpload | null> {
  return new Promise((resolve, reject) => {
    const readAlone = () => {
      lastUploadRow(ctx.sql).then(
        (row) => resolve(row ? { id: row.id as string, createdAt: row.createdAt } : null),
        reject,
      );
    };
    const rider: Rider = {
      taken: false,
      settle: (found) => (found === "read alone" ? readAlone() : resolve(found)),
    };
    riders.set(ctx, rider);
    setImmediate(() => {
      if (rider.taken) return;
      rider.taken = true;
      if (riders.get(ctx) === rider) riders.delete(ctx);
      readAlone();
    });
  });
}

/**
 * The latest upload's read waiting in this request, now the caller's to settle: with the values
 * its statement read, or "read alone" (no row came back, or the statement failed).
 */
export function takeLatestUploadRider(ctx: Context): Rider["settle"] | null {
  const rider = riders.get(ctx);
  if (!rider || rider.taken) return null;
  rider.taken = true;
  riders.delete(ctx);
  return rider.settle;
}
