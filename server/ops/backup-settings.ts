import { resolve } from "node:path";
import { DEFAULT_BACKUP_DIR } from "../../scripts/backup-sqlite.mjs";
import { databaseFileOf } from "../db/url.ts";

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * BACKUP_EVERY: `6h`, `30m`, `90s`, `1d` or a number of seconds; unset, no scheduled backups.
 * Backups copy the embedded SQLite file, so with PostgreSQL the setting is refused at start
 * rather than silently doing nothing.
 */
export function readBackupEvery(raw: string | undefined, databaseUrl: string): number | undefined {
  const value = raw?.trim().toLowerCase() ?? "";
  if (value === "") return undefined;
  const match = /^(\d+)\s*([smhd]?)$/.exec(value);
  const ms = match ? Number(match[1]) * UNIT_MS[(match[2] || "s") as keyof typeof UNIT_MS] : 0;
  if (!Number.isSafeInteger(ms) || ms < 1_000) {
    throw new Error(
      "BACKUP_EVERY must be a period such as 6h, 30m, 90s or a number of seconds (at least 1).",
    );
  }
  if (databaseFileOf(databaseUrl) === null) {
    throw new Error(
      "BACKUP_EVERY schedules SQLite backups; with PostgreSQL use pg_dump (see README: Backups).",
    );
  }
  return ms;
}

/** BACKUP_KEEP: how many scheduled backups stay in BACKUP_DIR (the newest). */
export function readBackupKeep(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 7;
  const keep = Number(raw);
  if (!Number.isInteger(keep) || keep < 1) throw new Error("BACKUP_KEEP must be a whole number, at least 1.");
  return keep;
}

/** BACKUP_DIR, the same default as `npm run backup` (relative to the working folder). */
export function readBackupDir(raw: string | undefined): string {
  return resolve(raw || DEFAULT_BACKUP_DIR);
}
