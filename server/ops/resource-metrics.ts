import { databasePoolStats, onConnectionAcquired } from "../db/pg-pool.ts";
import type { PubSub } from "../pubsub.ts";
import { observeDbPoolAcquireWait, sampleDbPoolsWith, sampleRedisWith } from "./metrics.ts";

let waitsObserved = false;

/** Feeds the gauges read at scrape time (pools, Redis) and the pools' acquire-wait histogram. */
export function watchResourceMetrics(pubsub: PubSub): void {
  sampleDbPoolsWith(databasePoolStats);
  sampleRedisWith(() => pubsub.connected());
  if (waitsObserved) return;
  waitsObserved = true;
  onConnectionAcquired((pool, waitMs) => observeDbPoolAcquireWait(pool, waitMs / 1000));
}
