// The server's scheduled backup runs here, in a worker thread (server/ops/backup-schedule.ts):
// the copy is one backup step (see backupDatabase), which would hold the server's event loop.
import { parentPort, workerData } from "node:worker_threads";
import { backupDatabase } from "./backup-sqlite.mjs";

try {
  parentPort.postMessage({ result: await backupDatabase(workerData) });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
