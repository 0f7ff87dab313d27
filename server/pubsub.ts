import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { createPubSub } from "graphql-yoga";
import { Redis } from "ioredis";

/**
 * Topics carry ids only; subscribers re-read through the schema so every payload is permission
 * checked for its receiver. With REDIS_URL the events cross server instances.
 */
export type Topics = {
  [key: `notifications:${string}`]: [{ notificationId: string }];
  [key: `session:${string}`]: [{ reason: string; message: string }];
  [key: `profile:${string}`]: [{ userId: string }];
  /** A session ended or a user's sign-in facts changed: every instance drops its cached viewer. */
  "sessions:changed": [{ sessionId?: string; userId?: string }];
  /** Any carrier created or changed (drivers included); every admin screen may listen. */
  carriers: [{ carrierId: string }];
  /** Any offer opened, bid on, closed or decided (server/offers/events.ts). */
  offers: [{ offerId: string; kind: string }];
  /** The same events for one offer only: its watchers hear no other offer's. */
  [key: `offer:${string}`]: [{ offerId: string; kind: string }];
  /** A bid of this offer placed, improved, folded or decided. */
  [key: `offer-bids:${string}`]: [{ bidId: string }];
  /** A route's truck reported positions (last position, ETA, stop arrivals may have changed). */
  [key: `tracking:${string}`]: [{ routeId: string }];
  /** Any tracked route changed; the tracking list listens. */
  tracking: [{ routeId: string }];
  /** Any route created or changed (driver, stops, loads); admin screens listen. */
  routes: [{ routeId: string }];
  /** An invoice (receivable) or bill (payable) created or changed; billing screens listen. */
  billing: [{ ledger: "receivable" | "payable"; id: string }];
};

export type PubSub = ReturnType<typeof createPubSub<Topics>> & { close(): Promise<void> };

export function createAppPubSub(redisUrl: string | undefined): PubSub {
  if (!redisUrl) {
    return Object.assign(createPubSub<Topics>(), { close: async () => undefined });
  }
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return Object.assign(createPubSub<Topics>({ eventTarget }), {
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  });
}
