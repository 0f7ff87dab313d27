/**
 * Bids under contention: `npx tsx bench/bids.ts [trials]` (default 20; add TEST_DATABASE=postgres
 * for PostgreSQL). The server runs in its own process; 200 carriers place 1,000 bids (5 each,
 * random amounts) at once on one offer over HTTP (64 keep-alive connections). Each trial prints
 * bids/s and checks that the offer's best offer equals the lowest active bid read back from the
 * bidders list. Baseline in the same run: 1,000 authenticated reads of a carrier's own bid.
 * Target: >= 1,000 bids/s on SQLite and 20/20 correct on both databases.
 */
import { loadavg } from "node:os";
import { call, closeAgent, resetCount, startBiddingServer } from "./bidding-client.ts";

const trials = Number(process.argv[2] ?? 20);
const BIDS = 1000;
const server = await startBiddingServer({ CARRIERS: "200", LOADS: String(trials) });
const database = process.env.TEST_DATABASE === "postgres" ? "PostgreSQL" : "SQLite";
console.log(
  `bids bench on ${database}: ${server.carrierTokens.length} carriers, ${BIDS} bids per trial, ${trials} trials`,
);

let correct = 0;
const rates: number[] = [];
const baselines: number[] = [];
const bidCpus: number[] = [];
const readCpus: number[] = [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  for (let trial = 0; trial < trials; trial++) {
    const opened = await call(server.url, "POST", "/api/offers", server.adminToken, {
      loadId: server.loadIds[trial],
      roundMinutes: 60,
    });
    if (opened.status !== 201) throw new Error(`offer: ${opened.status} ${JSON.stringify(opened.body)}`);
    const offerId = (opened.body as { _id: string })._id;

    const cpuBefore = server.cpuMs();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: BIDS }, (_, index) =>
        call(
          server.url,
          "POST",
          "/api/bids/createBid",
          server.carrierTokens[index % server.carrierTokens.length],
          {
            offerId,
            amount: (10_000 + Math.floor(Math.random() * 490_000)) / 100,
          },
        ),
      ),
    );
    const elapsed = performance.now() - started;
    const bidCpu = (server.cpuMs() - cpuBefore) / BIDS;
    const failed = answers.filter((answer) => answer.status !== 200 && answer.status !== 201);
    if (failed.length > 0) throw new Error(`${failed.length} bids failed, e.g. ${JSON.stringify(failed[0])}`);

    const baseCpuBefore = server.cpuMs();
    const baseStarted = performance.now();
    await Promise.all(
      Array.from({ length: BIDS }, (_, index) =>
        call(
          server.url,
          "GET",
          `/api/bids/user-amount-bid/${offerId}`,
          server.carrierTokens[index % server.carrierTokens.length],
        ),
      ),
    );
    const baseElapsed = performance.now() - baseStarted;
    const readCpu = (server.cpuMs() - baseCpuBefore) / BIDS;

    const [offer] = (await call(server.url, "GET", `/api/offers/active-offers/${offerId}`, server.adminToken))
      .body as {
      bestOffer: number;
    }[];
    const bidders = (
      await call(server.url, "GET", `/api/bids/users-bid/${offerId}?limit=200`, server.adminToken)
    ).body as { amount: number; status: string }[];
    const lowest = Math.min(...bidders.filter((bid) => bid.status === "active").map((bid) => bid.amount));
    const ok = offer.bestOffer === lowest && bidders.length === server.carrierTokens.length;
    if (ok) correct++;
    const rate = BIDS / (elapsed / 1000);
    const baseRate = BIDS / (baseElapsed / 1000);
    rates.push(rate);
    baselines.push(baseRate);
    bidCpus.push(bidCpu);
    readCpus.push(readCpu);
    console.log(
      `trial ${String(trial + 1).padStart(2)}: ${rate.toFixed(0)} bids/s (reads ${baseRate.toFixed(0)}/s, ratio ${(rate / baseRate).toFixed(2)}; server CPU ${bidCpu.toFixed(2)} ms/bid, ${readCpu.toFixed(2)} ms/read); best ${offer.bestOffer} vs lowest active ${lowest}: ${ok ? "ok" : "WRONG"}`,
    );
  }
  const sorted = [...rates].sort((a, b) => a - b);
  const rate = median(rates);
  const baseMedian = median(baselines);
  console.log(
    `${database}: median ${rate.toFixed(0)} bids/s (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)}); baseline reads ${baseMedian.toFixed(0)}/s, ratio ${(rate / baseMedian).toFixed(2)}; server CPU ${median(bidCpus).toFixed(2)} ms/bid vs ${median(readCpus).toFixed(2)} ms/read; best == lowest active bid in ${correct}/${trials} trials; ${resetCount()} connection resets retried; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")}`,
  );
} finally {
  closeAgent();
  await server.stop();
}
