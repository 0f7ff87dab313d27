import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireBackupLock, checkDatabaseFile, listBackups } from "../../scripts/backup-sqlite.mjs";
import { sqliteFilePath } from "../../server/db/url.ts";
import { createTestApp, createUser, loginAs, type TestApp } from "../support/app.ts";
import { carrierPayload } from "../support/carriers.ts";
import { testProvider } from "../support/database-url.ts";

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function sorted(values: string[]): string[] {
  return [...values].sort();
}

describe("npm run backup on PostgreSQL", () => {
  it("refuses and points to pg_dump", async () => {
    const result = await run(process.execPath, ["scripts/backup.mjs"], {
      DATABASE_URL: "postgresql://freightway@127.0.0.1:5432/freightway",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "Backup refused: DATABASE_URL points at PostgreSQL: back it up with pg_dump",
    );
  });
});

describe.skipIf(testProvider !== "sqlite")(
  "SQLite backups (skipped on PostgreSQL: there the database is backed up with pg_dump)",
  () => {
    let t: TestApp;
    let url: string;
    let adminToken: string;
    let work: string;
    beforeAll(async () => {
      t = await createTestApp({ host: "127.0.0.1" });
      url = await t.app.start(0);
      await createUser(t.app, { email: "backup.admin@example.com", role: "ADMIN" });
      adminToken = (await loginAs(t.app, "backup.admin@example.com")).token;
      work = mkdtempSync(join(tmpdir(), "freightway-backup-"));
    });
    afterAll(async () => {
      await t?.close();
      rmSync(work, { recursive: true, force: true });
    });

    it("copies the live database while the server writes; the restored copy holds every write acknowledged before the backup began", async () => {
      const acknowledged: string[] = [];
      let writing = true;
      let next = 0;
      async function writeCarriers() {
        while (writing) {
          const n = ++next;
          const response = await fetch(`${url}/api/carriers`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
            body: JSON.stringify(carrierPayload(n)),
          });
          const body = (await response.json()) as { _id: string };
          if (response.status !== 201)
            throw new Error(`write ${n}: ${response.status} ${JSON.stringify(body)}`);
          acknowledged.push(body._id);
        }
      }
      const writers = [writeCarriers(), writeCarriers()];
      await until(() => acknowledged.length >= 20, "the first writes");

      const before = [...acknowledged];
      const backupDir = join(work, "backups");
      const backup = await run("npm", ["run", "-s", "backup"], {
        DATABASE_URL: t.database.url,
        BACKUP_DIR: backupDir,
      });
      const acknowledgedDuring = acknowledged.length - before.length;
      writing = false;
      await Promise.all(writers);

      expect(backup.code, backup.stderr).toBe(0);
      const written =
        /^Backed up .+ to (.+\.db): [\d.]+ (B|kB|MB) \(\d+ pages, \d+ migrations, integrity ok/m.exec(
          backup.stdout,
        );
      expect(written, backup.stdout).not.toBeNull();
      const backupFile = listBackups(sqliteFilePath(t.database.url), backupDir)[0].file;
      expect(backupFile.endsWith(written![1])).toBe(true);
      // The server kept writing (and answering) while the copy was made.
      expect(acknowledgedDuring).toBeGreaterThan(0);

      const restoredFile = join(work, "restored", "freightway.db");
      const restore = await run("npm", ["run", "-s", "restore", "--", backupFile], {
        DATABASE_URL: `file:${restoredFile}`,
      });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain(`into ${restoredFile}`);

      const restored = new Database(restoredFile, { readonly: true });
      try {
        expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
        const carriers = (restored.prepare(`SELECT id FROM "Carrier"`).all() as { id: string }[]).map(
          (row) => row.id,
        );
        expect(new Set(carriers).size).toBe(carriers.length);
        expect(before.filter((id) => !carriers.includes(id))).toEqual([]);
        // Nothing that was never acknowledged, and each carrier with the audit row of its transaction.
        expect(carriers.filter((id) => !acknowledged.includes(id))).toEqual([]);
        const audited = (
          restored.prepare(`SELECT "entityId" FROM "AuditLog" WHERE action = 'carrier.create'`).all() as {
            entityId: string;
          }[]
        ).map((row) => row.entityId);
        expect(sorted(audited)).toEqual(sorted(carriers));
      } finally {
        restored.close();
      }

      // Restoring again over that (stopped) database keeps it aside instead of losing it.
      const again = await run(process.execPath, ["scripts/restore.mjs", backupFile], {
        DATABASE_URL: `file:${restoredFile}`,
      });
      expect(again.code).toBe(0);
      const folder = readdirSync(join(work, "restored"));
      expect(folder.filter((name) => name.startsWith("freightway.db.before-restore-"))).toHaveLength(1);
      expect(folder.filter((name) => /-(wal|shm)$/.test(name) || name.includes(".restoring-"))).toEqual([]);
    });

    it("will not restore over the database of a running server", async () => {
      const livePath = sqliteFilePath(t.database.url);
      const backupDir = join(work, "backups-for-refusal");
      const made = await run(process.execPath, ["scripts/backup.mjs"], {
        DATABASE_URL: t.database.url,
        BACKUP_DIR: backupDir,
      });
      expect(made.code, made.stderr).toBe(0);
      const [backup] = listBackups(livePath, backupDir);
      const carriersBefore = await t.app.deps.db.carrier.count();
      const refused = await run(process.execPath, ["scripts/restore.mjs", backup.file], {
        DATABASE_URL: t.database.url,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is open in another process (a running server?)");
      expect(readdirSync(join(livePath, "..")).filter((name) => name.includes("before-restore"))).toEqual([]);
      expect(await t.app.deps.db.carrier.count()).toBe(carriersBefore);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    });

    it("refuses a file that is not a Freightway database and changes nothing", async () => {
      const bogus = join(work, "bogus.db");
      writeFileSync(bogus, "not a database");
      const target = join(work, "untouched", "freightway.db");
      const refused = await run(process.execPath, ["scripts/restore.mjs", bogus], {
        DATABASE_URL: `file:${target}`,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Restore refused: ${bogus} is not a Freightway database`);
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(join(work, "untouched"))).toEqual([]);
    });

    describe("on a schedule", () => {
      let scheduled: TestApp | undefined;
      let stopped = false;
      let holder: ChildProcess | undefined;
      const backupDir = () => join(work, "scheduled");
      afterAll(async () => {
        holder?.kill("SIGKILL");
        if (!stopped) await scheduled?.close();
        else {
          await scheduled?.database.drop();
          if (scheduled) rmSync(scheduled.outboxDir, { recursive: true, force: true });
        }
      });

      it("backs up each period, keeps the newest BACKUP_KEEP, and waits while another process holds the lock", async () => {
        mkdirSync(backupDir(), { recursive: true });
        scheduled = await createTestApp({ backupDir: backupDir(), backupEveryMs: 400, backupKeep: 2 });
        const databaseFile = sqliteFilePath(scheduled.database.url);
        const base = "test";
        // Older backups of this database, and files that are not its backups.
        for (const name of [`${base}-20200101T000000.000Z.db`, `${base}-20200102T000000.000Z.db`]) {
          writeFileSync(join(backupDir(), name), "old");
        }
        writeFileSync(join(backupDir(), "notes.txt"), "keep me");
        writeFileSync(join(backupDir(), "other-20200101T000000.000Z.db"), "another database's");

        // Another process holds the backup lock: no backup while it does.
        holder = spawn(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            `import { acquireBackupLock } from "./scripts/backup-sqlite.mjs";
             acquireBackupLock(${JSON.stringify(databaseFile)});
             console.log("locked");
             setInterval(() => {}, 1000);`,
          ],
          { stdio: ["ignore", "pipe", "inherit"] },
        );
        await new Promise<void>((resolve) => holder!.stdout!.once("data", () => resolve()));
        await scheduled.app.start(0);
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(listBackups(databaseFile, backupDir()).map((backup) => backup.takenAt.getFullYear())).toEqual([
          2020, 2020,
        ]);

        // The holder dies without releasing anything: the lock goes with it.
        holder.kill("SIGKILL");
        await new Promise((resolve) => holder!.once("exit", resolve));
        await until(
          () => listBackups(databaseFile, backupDir())[0]?.takenAt.getFullYear() > 2020,
          "a backup",
        );
        const first = listBackups(databaseFile, backupDir())[0].file;
        expect(checkDatabaseFile(first).migrations).toBeGreaterThan(0);
        await until(() => !existsSync(first), "the first backup to be pruned", 10_000);

        const left = listBackups(databaseFile, backupDir());
        expect(left).toHaveLength(2);
        expect(left.every((backup) => backup.takenAt.getFullYear() > 2020)).toBe(true);
        // One backup per period, not one per check.
        expect(left[0].takenAt.getTime() - left[1].takenAt.getTime()).toBeGreaterThanOrEqual(400);
        expect(readFileSync(join(backupDir(), "notes.txt"), "utf8")).toBe("keep me");
        expect(existsSync(join(backupDir(), "other-20200101T000000.000Z.db"))).toBe(true);

        stopped = true;
        await scheduled.app.stop();
        expect(readdirSync(backupDir()).filter((name) => name.includes(".partial"))).toEqual([]);
        const lock = acquireBackupLock(databaseFile);
        expect(lock).not.toBeNull();
        lock?.release();
      });
    });
  },
);
