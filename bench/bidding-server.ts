/**
 * The server the bidding benchmarks drive over real HTTP: a fresh database (SQLite, or
 * PostgreSQL with TEST_DATABASE=postgres), an admin, `CARRIERS` signed-in carriers and `LOADS`
 * loads ready for offers. Prints one JSON line {url, adminToken, carrierTokens, loadIds} and
 * serves until its parent closes stdin.
 */
import "./production-mode.ts";
import { createUser, loginAs } from "../test/support/app.ts";
import { biddableLoad } from "../test/support/offers.ts";
import { benchApp } from "./support.ts";

const carriers = Number(process.env.CARRIERS ?? 200);
const loads = Number(process.env.LOADS ?? 25);

const bench = await benchApp();
const carrierTokens: string[] = [];
for (let index = 0; index < carriers; index++) {
  const user = await createUser(bench.app, {
    email: `bench-carrier-${index}@example.com`,
    fullName: `Carrier ${index}`,
  });
  carrierTokens.push((await loginAs(bench.app, user.email)).token);
}
const loadIds: string[] = [];
for (let index = 0; index < loads; index++) loadIds.push((await biddableLoad(bench.app, 72)).loadId);
const url = await bench.app.start(0);
process.stdout.write(`${JSON.stringify({ url, adminToken: bench.token, carrierTokens, loadIds })}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  await bench.close();
  process.exit(0);
});
