// `npm run restore -- <backup file>`: puts a backup in place of the SQLite database at
// DATABASE_URL. The servers using the database must be stopped first: it refuses while a process
// has the database open. The current database is kept aside, never deleted.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import {
  BackupError,
  checkDatabaseFile,
  DEFAULT_DATABASE_URL,
  shownPath,
  sqliteFileOf,
  stampOf,
} from "./backup-sqlite.mjs";

const SIDE_FILES = ["-wal", "-shm", "-journal"];

function backupFileFrom(args) {
  if (args.length !== 1 || args[0].startsWith("-")) {
    throw new BackupError("usage: npm run restore -- <backup file> (the database is DATABASE_URL's).");
  }
  const file = resolve(args[0]);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${args[0]} is not a file.`);
  if (existsSync(`${file}-wal`)) {
    throw new BackupError(
      `${args[0]} has a -wal file beside it: it is a live database, not a backup. Take one with npm run backup.`,
    );
  }
  return file;
}

/**
 * Switching a WAL database to rollback-journal mode needs every other connection gone, so it
 * tells whether a server still has the file open, and it folds the -wal into the file that is
 * kept aside. Returns a warning when the check could not be made.
 */
function ensureUnused(databaseFile) {
  let db;
  try {
    db = new Database(databaseFile, { fileMustExist: true, timeout: 0 });
    db.pragma("journal_mode = DELETE");
    return undefined;
  } catch (error) {
    if (error.code === "SQLITE_BUSY") {
      throw new BackupError(
        `${shownPath(databaseFile)} is open in another process (a running server?). ` +
          "Stop every server that uses it, then run the restore again.",
      );
    }
    return `could not check whether a server uses ${shownPath(databaseFile)} (${error.message}).`;
  } finally {
    db?.close();
  }
}

function restore(backupFile, databaseFile) {
  if (backupFile === databaseFile) throw new BackupError("that file is the database itself.");
  const stamp = stampOf(new Date());
  mkdirSync(dirname(databaseFile), { recursive: true });
  const staged = `${databaseFile}.restoring-${stamp}`;
  copyFileSync(backupFile, staged);
  try {
    const checked = checkDatabaseFile(staged, shownPath(backupFile));
    let keptAside;
    if (existsSync(databaseFile)) {
      const warning = ensureUnused(databaseFile);
      if (warning) {
        console.error(`WARNING: ${warning}\nWARNING: make sure no server is running on it.`);
      }
      keptAside = `${databaseFile}.before-restore-${stamp}`;
      renameSync(databaseFile, keptAside);
      for (const suffix of SIDE_FILES) {
        if (existsSync(`${databaseFile}${suffix}`))
          renameSync(`${databaseFile}${suffix}`, `${keptAside}${suffix}`);
      }
    } else {
      // Stale side files of a database that is gone would be replayed into the restored one.
      for (const suffix of SIDE_FILES) rmSync(`${databaseFile}${suffix}`, { force: true });
    }
    renameSync(staged, databaseFile);
    return { checked, keptAside };
  } finally {
    for (const suffix of ["", ...SIDE_FILES]) rmSync(`${staged}${suffix}`, { force: true });
  }
}

try {
  const databaseFile = sqliteFileOf(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const backupFile = backupFileFrom(process.argv.slice(2));
  const { checked, keptAside } = restore(backupFile, databaseFile);
  console.log(
    `Restored ${shownPath(backupFile)} (integrity ok, ${checked.migrations} migrations, last ` +
      `${checked.lastMigration}) into ${shownPath(databaseFile)}.`,
  );
  if (keptAside) console.log(`The previous database is kept as ${shownPath(keptAside)}.`);
  console.log("Start the server: it applies any migration newer than the backup.");
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exitCode = 1;
}
