import { Worker } from "node:worker_threads";
import {
  acquireBackupLock,
  type BackupResult,
  listBackups,
  pruneBackups,
  removePartials,
} from "../../scripts/backup-sqlite.mjs";
import type { AppConfig } from "../config.ts";
import { sqliteFilePath } from "../db/url.ts";
import { moduleLogger } from "./logger.ts";

const log = moduleLogger("backup");

/** How often the schedule looks whether a backup is due: a quarter of the period, at most a minute. */
const MAX_CHECK_MS = 60_000;
/** A failed backup is tried again after this long (or the period, when shorter). */
const RETRY_MS = 5 * 60_000;

// Two folders up from this module (server/ops/) and from the bundle (dist/server/main.js) alike.
const WORKER = new URL("../../scripts/backup-worker.mjs", import.meta.url);

export interface BackupSchedule {
  stop(): Promise<void>;
}

/**
 * Scheduled backups (BACKUP_EVERY) of the SQLite database into BACKUP_DIR, keeping the newest
 * BACKUP_KEEP. A backup is due when the newest one in the folder is a period old, whoever made it,
 * so instances sharing the file make one backup per period between them: each check runs under the
 * backup lock, which one process holds at a time. The copy runs in a worker thread.
 */
export function startBackupSchedule({ config }: { config: AppConfig }): BackupSchedule {
  if (config.backupEveryMs === undefined) return { stop: async () => undefined };
  const every = config.backupEveryMs;
  const databaseFile = sqliteFilePath(config.databaseUrl);
  const backupDir = config.backupDir;
  let stopped = false;
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  let retryAt = 0;

  function copyInWorker(): Promise<BackupResult> {
    return new Promise((resolve, reject) => {
      // No tsx or other loader in the thread: the worker is plain JavaScript.
      const thread = new Worker(WORKER, { workerData: { databaseFile, backupDir }, execArgv: [] });
      worker = thread;
      thread.once("message", (message: { result?: BackupResult; error?: string }) =>
        message.result ? resolve(message.result) : reject(new Error(message.error)),
      );
      thread.once("error", reject);
      thread.once("exit", (code) => {
        worker = undefined;
        reject(new Error(`the backup worker ended (exit code ${code})`));
      });
    });
  }

  async function backupIfDue(): Promise<void> {
    if (Date.now() < retryAt) return;
    const lock = acquireBackupLock(databaseFile);
    if (!lock) {
      log.debug("another process is backing up this database");
      return;
    }
    try {
      const newest = listBackups(databaseFile, backupDir)[0];
      if (newest && Date.now() - newest.takenAt.getTime() < every) return;
      removePartials(databaseFile, backupDir);
      const result = await copyInWorker();
      log.info(
        { file: result.file, bytes: result.bytes, pages: result.pages, ms: result.ms },
        "backup written",
      );
      const removed = pruneBackups(databaseFile, backupDir, config.backupKeep);
      if (removed.length > 0) log.info({ removed }, "old backups removed");
    } catch (error) {
      if (stopped) {
        log.info("backup abandoned: the server is stopping");
        return;
      }
      retryAt = Date.now() + Math.min(every, RETRY_MS);
      log.error({ err: error }, "backup failed");
    } finally {
      if (stopped) removePartials(databaseFile, backupDir);
      lock.release();
    }
  }

  const timer = setInterval(
    () => {
      if (running || stopped) return;
      running = backupIfDue().finally(() => {
        running = undefined;
      });
    },
    Math.min(MAX_CHECK_MS, every / 4),
  );
  timer.unref();
  log.info({ everyMs: every, dir: backupDir, keep: config.backupKeep }, "scheduled backups on");

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await worker?.terminate();
      await running;
    },
  };
}
