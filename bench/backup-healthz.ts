/**
 * How a backup of a large SQLite database affects the server: `/healthz` answer times (one request
 * after another, real HTTP) while nothing runs, during a scheduled backup (one backup step in a
 * worker thread, server/ops/backup-schedule.ts), and during the same copy made on the server's own
 * thread. Another connection writes a row every 10 ms throughout, as the server's writers would;
 * the last part shows why the copy is not made in small steps on the main thread: each of those
 * writes restarts it.
 *
 *   npx tsx bench/backup-healthz.ts        (SIZE_MB=150 by default)
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { backupDatabase, formatBytes, listBackups } from "../scripts/backup-sqlite.mjs";
import { buildApp } from "../server/app.ts";
import { migrate } from "../server/db/migrate.ts";
import { startBackupSchedule } from "../server/ops/backup-schedule.ts";

const SIZE_MB = Number(process.env.SIZE_MB ?? 150);
const dir = mkdtempSync(join(tmpdir(), "freightway-backup-bench-"));
const databaseFile = join(dir, "freightway.db");
const databaseUrl = `file:${databaseFile}`;

function fill(): void {
  const db = new Database(databaseFile);
  db.pragma("journal_mode = WAL");
  const insert = db.prepare(
    `INSERT INTO "AuditLog" (id, action, "entityType", details, "createdAt") VALUES (?, 'bench', 'Bench', ?, ?)`,
  );
  const details = "x".repeat(900);
  const rows = Math.round((SIZE_MB * 1024 * 1024) / 1000);
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(randomBytes(12).toString("hex"), details, Date.now());
  })();
  db.close();
}

interface Pings {
  answers: { at: number; ms: number }[];
  stop(): Promise<void>;
}

function pingHealthz(url: string): Pings {
  const answers: { at: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
      answers.push({ at: Date.now(), ms: performance.now() - started });
    }
  })();
  return {
    answers,
    async stop() {
      running = false;
      await loop;
    },
  };
}

function summary(label: string, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  console.log(
    `${label.padEnd(44)} n=${String(sorted.length).padStart(5)}  p50 ${at(0.5).toFixed(1)} ms  ` +
      `p99 ${at(0.99).toFixed(1)} ms  max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await migrate(databaseUrl);
const filling = performance.now();
fill();
console.log(
  `database: ${formatBytes(statSync(databaseFile).size)} (filled in ${Math.round(performance.now() - filling)} ms)`,
);

const app = await buildApp({
  databaseUrl,
  jwtSecret: new TextEncoder().encode("bench-secret-bench-secret-bench-secret"),
  redisUrl: undefined,
  smtpUrl: undefined,
  adminEmail: undefined,
  adminPassword: undefined,
  seedDemo: false,
  host: "127.0.0.1",
  outboxDir: join(dir, "outbox"),
  clientDistDir: join(dir, "no-client"),
  backupEveryMs: undefined,
});
const url = await app.start(0);

const writer = new Database(databaseFile, { timeout: 10_000 });
const write = writer.prepare(
  `INSERT INTO "AuditLog" (id, action, "entityType", "createdAt") VALUES (?, 'bench', 'Write', ?)`,
);
let writes = 0;
const writing = setInterval(() => {
  write.run(randomBytes(12).toString("hex"), Date.now());
  writes++;
}, 10);

try {
  let pings = pingHealthz(url);
  await sleep(3_000);
  await pings.stop();
  summary(
    "/healthz, no backup",
    pings.answers.map((answer) => answer.ms),
  );

  const scheduledDir = join(dir, "scheduled");
  mkdirSync(scheduledDir);
  const writesBefore = writes;
  pings = pingHealthz(url);
  const schedule = startBackupSchedule({
    config: { ...app.deps.config, backupDir: scheduledDir, backupEveryMs: 4_000, backupKeep: 2 },
  });
  while (listBackups(databaseFile, scheduledDir).length === 0) await sleep(5);
  const done = Date.now();
  await schedule.stop();
  await pings.stop();
  const started = listBackups(databaseFile, scheduledDir)[0].takenAt.getTime();
  summary(
    `/healthz, scheduled backup (worker, ${done - started} ms)`,
    pings.answers.filter((answer) => answer.at >= started && answer.at <= done).map((answer) => answer.ms),
  );
  console.log(`  rows written meanwhile by another connection: ${writes - writesBefore}`);

  pings = pingHealthz(url);
  await sleep(200);
  const mainStarted = Date.now();
  const onMain = await backupDatabase({ databaseFile, backupDir: join(dir, "main-thread") });
  const mainDone = Date.now();
  await sleep(200);
  await pings.stop();
  summary(
    `/healthz, same copy on the main thread (${onMain.ms} ms)`,
    pings.answers.filter((answer) => answer.at >= mainStarted).map((answer) => answer.ms),
  );
  console.log(
    `  (answers completed inside that window: ${pings.answers.filter((a) => a.at >= mainStarted && a.at <= mainDone).length})`,
  );

  // Small steps on the main thread: each write by another connection restarts the copy.
  const source = new Database(databaseFile, { readonly: true });
  let restarts = 0;
  let previous = Number.POSITIVE_INFINITY;
  const steppedFile = join(dir, "stepped.db");
  const outcome = await Promise.race([
    source
      .backup(steppedFile, {
        progress: ({ remainingPages }) => {
          if (remainingPages > previous) restarts++;
          previous = remainingPages;
          return 100;
        },
      })
      .then(() => "finished"),
    sleep(10_000).then(() => "not finished after 10 s"),
  ]);
  // An unfinished stepped copy keeps going until the process exits below.
  console.log(`stepped backup (100 pages a step, main thread): ${outcome}, ${restarts} restarts`);
} finally {
  clearInterval(writing);
  writer.close();
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
