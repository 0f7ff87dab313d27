import { createEventStream, type EventStream } from "./lib/event-stream.ts";
import { createRedisTransport } from "./pubsub-redis.ts";

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
  /** A document filed with this load or removed from it. */
  [key: `load-documents:${string}`]: [{ loadId: string }];
  /** The driver's trip of this load (database id) changed: stops, check-ins, documents, its link. */
  [key: `driver-trip:${string}`]: [{ loadId: string }];
};

export interface PubSub {
  /** To every subscriber of the topic, on every instance; all of them receive the same object. */
  publish<K extends keyof Topics>(topic: K, ...payload: Topics[K]): void;
  subscribe<K extends keyof Topics>(topic: K): EventStream<Topics[K][0]>;
  /** How many subscribers of the topic this instance holds now (a screen is live once it has one). */
  subscriberCount(topic: keyof Topics): number;
  /** False while Redis (when configured) is unreachable; always true in a single instance. */
  connected(): boolean;
  /**
   * Calls `listener` whenever this instance's subscribers may have missed events (Redis came back
   * after a gap, or an instance had to drop events it published); returns the unsubscribe.
   */
  onEventsMissed(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * Subscribers of one topic handed an event per turn of the event loop: the first ones' frames
 * leave (and their clients read them) while the next are served, and a fan-out to thousands does
 * not hold the loop for its whole length.
 */
export const DELIVERY_CHUNK = 128;

/**
 * One listener per topic and instance, which hands each event to the topic's subscribers in a
 * plain loop: 2,000 watchers of one offer cost 2,000 queue pushes per event, not 2,000 event
 * dispatches each feeding a Repeater.
 */
export function createAppPubSub(redisUrl: string | undefined, redisPrefix = "fw:"): PubSub {
  const subscribers = new Map<string, Set<(payload: unknown) => void>>();
  // Events of a topic waiting while an earlier one is still being handed out (kept in order).
  const backlog = new Map<string, unknown[]>();
  const deliver = (topic: string, payload: unknown) => {
    const waiting = backlog.get(topic);
    if (waiting) {
      waiting.push(payload);
      return;
    }
    const pushes = subscribers.get(topic);
    if (!pushes) return;
    if (pushes.size <= DELIVERY_CHUNK) {
      for (const push of pushes) push(payload);
      return;
    }
    backlog.set(topic, []);
    handOut(topic, [...pushes], payload, 0);
  };
  const handOut = (topic: string, pushes: ((payload: unknown) => void)[], payload: unknown, from: number) => {
    const end = Math.min(pushes.length, from + DELIVERY_CHUNK);
    for (let index = from; index < end; index++) pushes[index](payload);
    if (end < pushes.length) {
      setImmediate(handOut, topic, pushes, payload, end);
      return;
    }
    const waiting = backlog.get(topic) ?? [];
    backlog.delete(topic);
    for (const following of waiting) deliver(topic, following);
  };
  const missedListeners = new Set<() => void>();
  const redis = redisUrl
    ? createRedisTransport({
        url: redisUrl,
        prefix: redisPrefix,
        deliver,
        onEventsMissed: () => {
          for (const listener of missedListeners) listener();
        },
      })
    : null;
  return {
    publish(topic, ...[payload]) {
      if (redis) redis.publish(topic, payload);
      else deliver(topic, payload);
    },
    subscribe(topic) {
      let pushes = subscribers.get(topic);
      if (!pushes) {
        pushes = new Set();
        subscribers.set(topic, pushes);
        redis?.listen(topic);
      }
      const stream = createEventStream<Topics[typeof topic][0]>(() => {
        pushes.delete(stream.push as (payload: unknown) => void);
        if (pushes.size > 0 || subscribers.get(topic) !== pushes) return;
        subscribers.delete(topic);
        redis?.unlisten(topic);
      });
      pushes.add(stream.push as (payload: unknown) => void);
      return stream;
    },
    subscriberCount: (topic) => subscribers.get(topic)?.size ?? 0,
    connected: () => redis?.connected() ?? true,
    onEventsMissed(listener) {
      missedListeners.add(listener);
      return () => {
        missedListeners.delete(listener);
      };
    },
    close: async () => redis?.close(),
  };
}
