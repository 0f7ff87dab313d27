/**
 * The server under test, in a process of its own (forked by the benchmarks): a fresh database
 * (SQLite, or PostgreSQL with TEST_DATABASE=postgres), an admin signed in, BENCH_LOADS loads, then
 * the real HTTP server. It answers the parent over IPC: its own CPU time and RSS, and "stop".
 */
import "./production-mode.ts";
import { createTestApp, createUser, loginAs } from "../test/support/app.ts";
import { seedLoads } from "../test/support/seed-loads.ts";

interface Ask {
  type: "usage" | "stop";
  id: number;
}

const testApp = await createTestApp({ host: "127.0.0.1" });
const admin = await createUser(testApp.app, { email: "bench-admin@example.com", role: "ADMIN" });
const loads = Number(process.env.BENCH_LOADS ?? 0);
if (loads > 0) await seedLoads(testApp.app.deps.db, testApp.database.url, loads);
// After the seeding, which can outlast an access token at a million loads.
const session = await loginAs(testApp.app, admin.email);
const url = await testApp.app.start(0);

process.on("message", async (message: Ask) => {
  if (message.type === "usage") {
    const cpu = process.cpuUsage();
    process.send?.({
      id: message.id,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBytes: process.memoryUsage().rss,
    });
  } else if (message.type === "stop") {
    await testApp.close();
    process.send?.({ id: message.id });
    process.exit(0);
  }
});
// The benchmark went away (finished, failed or interrupted): clean up the database all the same.
process.on("disconnect", async () => {
  await testApp.close().catch(() => undefined);
  process.exit(0);
});
process.send?.({ type: "ready", url, token: session.token, databaseUrl: testApp.database.url });
