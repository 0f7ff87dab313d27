/**
 * Live fan-out of one offer: `npx tsx bench/offer-fanout.ts [subscribers] [bids] [fields]`
 * (default 2,000, 10 and "bestOffer"; "screen" selects what the carrier screens' subscription
 * does; TEST_DATABASE=postgres for PostgreSQL). The server runs in its own process; this
 * process opens that many graphql-ws connections subscribed to offerChanged for one offer (as
 * the bench's carriers), then places bids one after another and times, for each subscriber, from
 * the moment the bid was sent (an upper bound of its commit) to the moment the new best offer
 * reached it. Baseline in the same run: the same with a single subscriber.
 * Prints p50/p95/p99. Target: p95 <= 250 ms.
 */
import { loadavg } from "node:os";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { call, closeAgent, startBiddingServer } from "./bidding-client.ts";
import { percentile } from "./fixtures.ts";

const subscriberCount = Number(process.argv[2] ?? 2000);
const bidCount = Number(process.argv[3] ?? 10);
const SCREEN_FIELDS = "id status bestOffer roundEnds roundEndsAt roundNumber"; // useOfferChangedSubscription
const fields = process.argv[4] === "screen" ? SCREEN_FIELDS : (process.argv[4] ?? "bestOffer");
const server = await startBiddingServer({ CARRIERS: "50", LOADS: "2" });
const database = process.env.TEST_DATABASE === "postgres" ? "PostgreSQL" : "SQLite";

async function run(loadId: string, subscribers: number): Promise<number[]> {
  const opened = await call(server.url, "POST", "/api/offers", server.adminToken, {
    loadId,
    roundMinutes: 60,
  });
  const offerId = (opened.body as { _id: string })._id;
  const globalId = Buffer.from(`Offer:${offerId}`).toString("base64");
  const arrivals: Map<number, number>[] = [];
  // The bid being timed: how many subscribers still wait for it, and who to wake when none do.
  let expected = -1;
  let missing = 0;
  let allArrived: () => void = () => undefined;
  const clients: ReturnType<typeof createClient>[] = [];
  let acknowledged = 0;
  const connect = (index: number) =>
    new Promise<void>((resolve) => {
      const client = createClient({
        url: `${server.url.replace(/^http/, "ws")}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: {
          authorization: `Bearer ${server.carrierTokens[index % server.carrierTokens.length]}`,
        },
        retryAttempts: 0,
        lazy: false,
        // A refused or timed-out connection counts as not connected (printed below), not as output.
        onNonLazyError: () => resolve(),
      });
      clients.push(client);
      arrivals[index] = new Map();
      client.on("connected", () => {
        acknowledged++;
        resolve();
      });
      client.subscribe<{ offerChanged: { bestOffer: number | null } }>(
        { query: `subscription { offerChanged(offerId: "${globalId}") { ${fields} } }` },
        {
          next: (value) => {
            const best = value.data?.offerChanged.bestOffer;
            if (typeof best === "number") {
              const cents = Math.round(best * 100);
              if (arrivals[index].has(cents)) return;
              arrivals[index].set(cents, performance.now());
              if (cents === expected && --missing === 0) allArrived();
            }
          },
          error: () => resolve(),
          complete: () => undefined,
        },
      );
    });
  // Connected in batches: the measure is the fan-out of an event, not a storm of handshakes.
  const BATCH = 200;
  for (let start = 0; start < subscribers; start += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, subscribers - start) }, (_, offset) => connect(start + offset)),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 1000 + subscribers));
  const latencies: number[] = [];
  const cpuBefore = server.cpuMs();
  const ownCpuBefore = process.cpuUsage();
  const windowStart = process.hrtime.bigint();
  for (let bid = 0; bid < bidCount; bid++) {
    const cents = 500_000 - bid * 1000; // each bid lowers the best offer
    expected = cents;
    missing = arrivals.filter((seen) => !seen.has(cents)).length;
    // Woken by the last arrival (no polling on this event loop, which also receives the frames).
    const arrived = new Promise<void>((resolve) => {
      allArrived = resolve;
      if (missing === 0) resolve();
    });
    const sent = performance.now();
    const answer = await call(
      server.url,
      "POST",
      "/api/bids/createBid",
      server.carrierTokens[bid % server.carrierTokens.length],
      {
        offerId,
        amount: cents / 100,
      },
    );
    if (answer.status >= 300) throw new Error(`bid: ${answer.status} ${JSON.stringify(answer.body)}`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([arrived, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
    clearTimeout(timer);
    for (const seen of arrivals) {
      const at = seen.get(cents);
      latencies.push(at === undefined ? Number.POSITIVE_INFINITY : at - sent);
    }
  }
  if (process.env.CPU_PROF === "1") console.log(`profile window ${windowStart}-${process.hrtime.bigint()}`);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const clientCpuPerDelivery = (ownCpu.user + ownCpu.system) / 1000 / (bidCount * subscribers);
  const cpuPerDelivery = (server.cpuMs() - cpuBefore) / (bidCount * subscribers);
  console.log(
    `${subscribers} subscriber(s): CPU per delivery ${cpuPerDelivery.toFixed(3)} ms in the server (bid included), ${clientCpuPerDelivery.toFixed(3)} ms in this client process`,
  );
  await Promise.all(clients.map((client) => client.dispose()));
  if (acknowledged < subscribers) console.log(`only ${acknowledged}/${subscribers} subscribers connected`);
  return latencies.sort((a, b) => a - b);
}

const line = (label: string, sorted: number[]) =>
  `${label}: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms (${sorted.length} deliveries, ${sorted.filter((value) => !Number.isFinite(value)).length} missed)`;

try {
  const baseline = await run(server.loadIds[0], 1);
  const many = await run(server.loadIds[1], subscriberCount);
  console.log(`offer fan-out on ${database}, ${bidCount} bids, offerChanged { ${fields} }`);
  console.log(line("1 subscriber (baseline)", baseline));
  console.log(line(`${subscriberCount} subscribers`, many));
  console.log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
  console.log(`p95 ratio to baseline: ${(percentile(many, 0.95) / percentile(baseline, 0.95)).toFixed(1)}`);
} finally {
  closeAgent();
  await server.stop();
}
