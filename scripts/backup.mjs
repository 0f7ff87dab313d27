// `npm run backup`: an online, consistent copy of the SQLite database at DATABASE_URL into
// BACKUP_DIR while the server runs (scripts/backup-sqlite.mjs). Refuses PostgreSQL (pg_dump).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import {
  acquireBackupLock,
  BackupError,
  backupDatabase,
  DEFAULT_BACKUP_DIR,
  DEFAULT_DATABASE_URL,
  formatBytes,
  removePartials,
  shownPath,
  sqliteFileOf,
} from "./backup-sqlite.mjs";

const LOCK_WAIT_MS = 5 * 60_000;

try {
  const databaseFile = sqliteFileOf(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const backupDir = resolve(process.env.BACKUP_DIR || DEFAULT_BACKUP_DIR);
  if (!existsSync(databaseFile)) throw new BackupError(`there is no database at ${shownPath(databaseFile)}.`);
  let lock = acquireBackupLock(databaseFile);
  if (!lock) {
    console.log("Another backup of this database is running; waiting for it to end...");
    lock = acquireBackupLock(databaseFile, LOCK_WAIT_MS);
    if (!lock) throw new BackupError("another backup of this database is still running: try again later.");
  }
  try {
    removePartials(databaseFile, backupDir);
    const result = await backupDatabase({ databaseFile, backupDir });
    console.log(
      `Backed up ${shownPath(databaseFile)} to ${shownPath(result.file)}: ${formatBytes(result.bytes)} ` +
        `(${result.pages} pages, ${result.migrations} migrations, integrity ok, ${result.ms} ms).`,
    );
  } finally {
    lock.release();
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Backup refused: ${error.message}`);
  process.exitCode = 1;
}
