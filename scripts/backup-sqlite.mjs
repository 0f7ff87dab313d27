// Online backups of the embedded SQLite database, shared by `npm run backup`, `npm run restore` and
// the server's schedule (server/ops/backup-schedule.ts). Plain JavaScript so the commands run with
// `node` from a fresh clone, without a build or tsx.
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, extname, isAbsolute, join, relative, resolve } from "node:path";
import Database from "better-sqlite3";

export const DEFAULT_DATABASE_URL = "file:./data/freightway.db";
export const DEFAULT_BACKUP_DIR = "data/backups";
const LEDGER = "_freightway_migrations";

/** A refusal or a failed check, told to the operator as it is (no stack trace). */
export class BackupError extends Error {}

/** The SQLite file a DATABASE_URL names (the same reading as server/db/url.ts). */
export function sqliteFileOf(databaseUrl) {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new BackupError(
      "DATABASE_URL points at PostgreSQL: back it up with pg_dump (e.g. `pg_dump --format=custom " +
        '--file=freightway.dump "$DATABASE_URL"`) and restore with pg_restore. See README: Backups.',
    );
  }
  if (!databaseUrl.startsWith("file:")) {
    throw new BackupError(`Unsupported DATABASE_URL: ${databaseUrl.split(":")[0]}`);
  }
  return resolve(databaseUrl.slice("file:".length));
}

function baseNameOf(databaseFile) {
  const name = basename(databaseFile);
  return name.slice(0, name.length - extname(name).length) || name;
}

/** 2026-11-27T00:31:05.123Z -> 20261127T003105.123Z: sorts as time does and suits every file system. */
export function stampOf(date) {
  return date.toISOString().replace(/[-:]/g, "");
}

function dateOfStamp(stamp) {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z$/.exec(stamp);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, ms] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** This database's backups in `backupDir`, newest first. Other files there are never touched. */
export function listBackups(databaseFile, backupDir) {
  const pattern = new RegExp(`^${escapeRegExp(baseNameOf(databaseFile))}-(\\d{8}T\\d{6}\\.\\d{3}Z)\\.db$`);
  let names;
  try {
    names = readdirSync(backupDir);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw error;
  }
  return names
    .map((name) => ({ name, takenAt: dateOfStamp(pattern.exec(name)?.[1] ?? "") }))
    .filter((entry) => entry.takenAt !== undefined)
    .map((entry) => ({ file: join(backupDir, entry.name), takenAt: entry.takenAt }))
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Removes all but the newest `keep` backups of this database; returns the removed files. */
export function pruneBackups(databaseFile, backupDir, keep) {
  const removed = listBackups(databaseFile, backupDir)
    .slice(keep)
    .map((backup) => backup.file);
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}

function partialPrefix(databaseFile) {
  return `.${baseNameOf(databaseFile)}-`;
}

/** Half-written copies of interrupted runs. Only under the backup lock: a running copy is one too. */
export function removePartials(databaseFile, backupDir) {
  let names;
  try {
    names = readdirSync(backupDir);
  } catch {
    return;
  }
  const prefix = partialPrefix(databaseFile);
  for (const name of names) {
    if (name.startsWith(prefix) && /\.partial(-journal|-wal|-shm)?$/.test(name)) {
      rmSync(join(backupDir, name), { force: true });
    }
  }
}

/**
 * An exclusive transaction held on a small lock database beside the database: of several
 * processes sharing the file, one backs up at a time, and the operating system drops the lock
 * when its holder dies, so a crash never leaves a stale lock behind. Returns null when another
 * process holds it after `waitMs`.
 */
export function acquireBackupLock(databaseFile, waitMs = 0) {
  const lock = new Database(`${databaseFile}.backup-lock`, { timeout: waitMs });
  try {
    lock.pragma("journal_mode = MEMORY");
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if (error.code === "SQLITE_BUSY") return null;
    throw error;
  }
  return {
    release() {
      if (lock.open) lock.close();
    },
  };
}

/**
 * Checks a database file the way a restore needs it: it opens, `PRAGMA integrity_check` says ok
 * and the migration ledger is readable. Leaves it in rollback-journal mode: one self-contained
 * file, with no -wal beside it to lose when it is copied or moved.
 */
export function checkDatabaseFile(file, shownAs = shownPath(file)) {
  let db;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    throw new BackupError(`${shownAs} cannot be opened: ${error.message}`);
  }
  try {
    db.pragma("journal_mode = DELETE");
    const problems = db.pragma("integrity_check", { simple: false }).map((row) => row.integrity_check);
    if (problems.length !== 1 || problems[0] !== "ok") {
      throw new BackupError(`${shownAs} failed integrity_check: ${problems.slice(0, 5).join("; ")}`);
    }
    const migrations = db
      .prepare(`SELECT name FROM "${LEDGER}" ORDER BY name`)
      .all()
      .map((row) => row.name);
    if (migrations.length === 0) throw new BackupError(`${shownAs} has no applied migration.`);
    return { migrations: migrations.length, lastMigration: migrations.at(-1) };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${shownAs} is not a Freightway database: ${error.message}`);
  } finally {
    db.close();
  }
}

function fsyncPath(path) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies the database with SQLite's backup API into `backupDir` as `<name>-<UTC time>.db`: written
 * aside, checked (checkDatabaseFile), then linked into place, so a file with a backup's name is
 * always complete. The caller holds the backup lock.
 *
 * The copy is one backup step: one read transaction, so one consistent snapshot while the server
 * keeps writing (WAL). In small steps, every write made between two steps by another connection
 * restarts the copy from the first page; under a steady write load a stepped backup never ended
 * (measured: about 1,000 restarts in 20 s, one write every 20 ms). The server runs this in a
 * worker thread instead, so its event loop is not held.
 */
export async function backupDatabase({ databaseFile, backupDir, now = new Date() }) {
  mkdirSync(backupDir, { recursive: true });
  const name = `${baseNameOf(databaseFile)}-${stampOf(now)}.db`;
  const target = join(backupDir, name);
  const partial = join(backupDir, `${partialPrefix(databaseFile)}${stampOf(now)}-${process.pid}.partial`);
  const started = performance.now();
  let source;
  try {
    source = new Database(databaseFile, { fileMustExist: true, timeout: 10_000 });
  } catch (error) {
    throw new BackupError(`${databaseFile} cannot be opened: ${error.message}`);
  }
  try {
    const copied = await source.backup(partial, { progress: () => 0x7fffffff });
    const checked = checkDatabaseFile(partial, `the copy of ${shownPath(databaseFile)}`);
    fsyncPath(partial);
    try {
      linkSync(partial, target);
    } catch (error) {
      if (error.code === "EEXIST") throw new BackupError(`${target} already exists.`);
      throw error;
    }
    fsyncPath(backupDir);
    return {
      file: target,
      bytes: statSync(target).size,
      pages: copied.totalPages,
      migrations: checked.migrations,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    source.close();
    for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${partial}${suffix}`, { force: true });
  }
}

/** A path as an operator reads it: relative to the working folder when inside it. */
export function shownPath(path) {
  const shown = relative(process.cwd(), path);
  return shown && !shown.startsWith("..") && !isAbsolute(shown) ? shown : path;
}

/** 1234567 -> "1.2 MB". */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
