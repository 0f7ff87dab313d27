export const DEFAULT_DATABASE_URL: string;
export const DEFAULT_BACKUP_DIR: string;
export class BackupError extends Error {}
export interface BackupFile {
  file: string;
  takenAt: Date;
}
export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  migrations: number;
  ms: number;
}
export interface BackupLock {
  release(): void;
}
export function sqliteFileOf(databaseUrl: string): string;
export function stampOf(date: Date): string;
export function listBackups(databaseFile: string, backupDir: string): BackupFile[];
export function pruneBackups(databaseFile: string, backupDir: string, keep: number): string[];
export function removePartials(databaseFile: string, backupDir: string): void;
export function acquireBackupLock(databaseFile: string, waitMs?: number): BackupLock | null;
export function checkDatabaseFile(
  file: string,
  shownAs?: string,
): { migrations: number; lastMigration: string };
export function backupDatabase(options: {
  databaseFile: string;
  backupDir: string;
  now?: Date;
}): Promise<BackupResult>;
export function shownPath(path: string): string;
export function formatBytes(bytes: number): string;
