import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { moduleLogger } from "./ops/logger.ts";
import { observePubSubDeliveryLag } from "./ops/metrics.ts";

const log = moduleLogger("redis");

/** Reconnect delays: 100 ms doubling to 2 s, then every 2 s, for as long as it takes. */
export function redisRetryDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** (Math.max(attempt, 1) - 1), 2_000);
}

/** How often each connection is pinged, and how long a ping may take before it counts as dead. */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/** Published after an instance had to drop events: every instance's subscribers may have missed some. */
const RESYNC_CHANNEL = "~resync";

export interface RedisTransportOptions {
  url: string;
  /** REDIS_PREFIX: put before every channel, so deployments sharing the server never hear each other. */
  prefix: string;
  deliver(topic: string, payload: unknown): void;
  /** Events of this instance's subscribers may have been missed (a reconnect, or drops somewhere). */
  onEventsMissed(): void;
}

export interface RedisTransport {
  /** Never throws and never waits: while Redis is unreachable the event is dropped and counted. */
  publish(topic: string, payload: unknown): void;
  listen(topic: string): void;
  unlisten(topic: string): void;
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * Redis pub/sub that never takes the process down: both connections retry forever with capped
 * backoff, every error event has a listener and every command's failure is caught.
 *
 * Nothing is silently lost: a publish while Redis is unreachable is dropped (not queued: memory
 * stays bounded and the events would be stale anyway) and counted; when the connection is back
 * this instance publishes a resync that every instance (itself included) turns into
 * `onEventsMissed`, as does the subscribe connection itself whenever it comes back after a gap.
 * The app then ends its live sockets so clients refetch (graphql/ws-server.ts).
 */
export function createRedisTransport(options: RedisTransportOptions): RedisTransport {
  const { prefix } = options;
  const instance = randomUUID();
  const publisher = new Redis(options.url, {
    retryStrategy: redisRetryDelayMs,
    // A publish fails at once while disconnected (enableOfflineQueue) or when the connection drops
    // under it (maxRetriesPerRequest 0), and within commandTimeout when Redis went silent.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: HEARTBEAT_TIMEOUT_MS,
    connectTimeout: HEARTBEAT_TIMEOUT_MS,
  });
  // Subscriptions wait for the connection (offline queue) and are renewed after each reconnect, by
  // this module rather than ioredis's autoResubscribe, whose promise nobody catches: a connection
  // closing before Redis answered it took the process down with an unhandled rejection.
  const subscriber = new Redis(options.url, {
    retryStrategy: redisRetryDelayMs,
    maxRetriesPerRequest: null,
    connectTimeout: HEARTBEAT_TIMEOUT_MS,
    autoResubscribe: false,
  });
  const channels = new Set<string>([prefix + RESYNC_CHANNEL]);

  let dropped = 0;
  let closing = false;
  const outage = { publisher: connectionState("publish"), subscriber: connectionState("subscribe") };

  publisher.on("error", outage.publisher.failed);
  publisher.on("reconnecting", outage.publisher.interrupted);
  publisher.on("ready", () => {
    outage.publisher.back();
    if (dropped === 0) return;
    const missed = dropped;
    dropped = 0;
    log.warn(
      { events: missed },
      "live events were dropped while Redis was unreachable; asking every instance to resync",
    );
    publisher.publish(prefix + RESYNC_CHANNEL, instance).catch(() => {
      dropped += missed;
    });
  });

  const command = (what: string, run: () => Promise<unknown>) => {
    run().catch((error: Error) => {
      if (!closing) log.debug({ err: error }, `Redis ${what} failed`);
    });
  };

  subscriber.on("error", outage.subscriber.failed);
  subscriber.on("reconnecting", outage.subscriber.interrupted);
  let everReady = false;
  subscriber.on("ready", () => {
    if (everReady) command("resubscribe", () => subscriber.subscribe(...channels));
    everReady = true;
    if (outage.subscriber.back()) options.onEventsMissed();
  });
  subscriber.on("message", (channel: string, message: string) => {
    if (!channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length);
    if (topic === RESYNC_CHANNEL) {
      log.info({ from: message === instance ? "this instance" : "another instance" }, "resync requested");
      options.onEventsMissed();
      return;
    }
    let parsed: unknown;
    try {
      parsed = message === "" ? null : JSON.parse(message);
    } catch {
      log.warn({ channel }, "ignored a live event that is not JSON");
      return;
    }
    const { payload, publishedAt } = openEnvelope(parsed);
    if (publishedAt !== undefined) observePubSubDeliveryLag(Math.max(0, Date.now() - publishedAt) / 1000);
    options.deliver(topic, payload);
  });
  command("subscribe", () => subscriber.subscribe(prefix + RESYNC_CHANNEL));

  // A connection Redis stopped answering on (a partition) looks open: a late ping forces a reconnect.
  const heartbeat = setInterval(() => {
    for (const client of [publisher, subscriber]) {
      if (client.status !== "ready") continue;
      const timeout = setTimeout(() => {
        log.warn("Redis stopped answering; reconnecting");
        client.disconnect(true);
      }, HEARTBEAT_TIMEOUT_MS);
      client
        .ping()
        .catch(() => undefined)
        .finally(() => clearTimeout(timeout));
    }
  }, HEARTBEAT_MS).unref();

  return {
    publish(topic, payload) {
      if (publisher.status !== "ready") {
        dropped++;
        return;
      }
      publisher.publish(prefix + topic, JSON.stringify(sealEnvelope(payload))).catch(() => {
        dropped++;
      });
    },
    listen(topic) {
      channels.add(prefix + topic);
      command("subscribe", () => subscriber.subscribe(prefix + topic));
    },
    unlisten(topic) {
      channels.delete(prefix + topic);
      command("unsubscribe", () => subscriber.unsubscribe(prefix + topic));
    },
    connected: () => publisher.status === "ready" && subscriber.status === "ready",
    async close() {
      closing = true;
      clearInterval(heartbeat);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * One connection's outage, logged once when it starts (not at every retry) and once when it ends.
 * `back()` says whether the connection had been interrupted (or failed its first attempt).
 */
function connectionState(name: string) {
  let downSince: number | null = null;
  let lastError = "";
  return {
    failed(error: Error) {
      lastError = error.message;
      log.debug({ connection: name, err: error }, "Redis connection error");
    },
    interrupted() {
      if (downSince !== null) return;
      downSince = Date.now();
      log.warn(
        { connection: name, reason: lastError || "closed" },
        "Redis unreachable; retrying until it is back",
      );
    },
    back(): boolean {
      if (downSince === null) return false;
      log.info({ connection: name, downMs: Date.now() - downSince }, "Redis reachable again");
      downSince = null;
      lastError = "";
      return true;
    },
  };
}

/** An event on the wire: its payload and when it was published (for the delivery-lag metric). */
interface Envelope {
  at: number;
  payload: unknown;
}

function sealEnvelope(payload: unknown): Envelope {
  return { at: Date.now(), payload: payload ?? null };
}

/** Also reads a bare payload, as instances of the previous release publish them. */
function openEnvelope(parsed: unknown): { payload: unknown; publishedAt?: number } {
  if (
    parsed !== null &&
    typeof parsed === "object" &&
    "at" in parsed &&
    "payload" in parsed &&
    typeof parsed.at === "number" &&
    Object.keys(parsed).length === 2
  )
    return { payload: (parsed as Envelope).payload, publishedAt: parsed.at };
  return { payload: parsed };
}
