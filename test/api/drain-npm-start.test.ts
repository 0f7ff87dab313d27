import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { serverEnv, whenListening } from "../support/main-process.ts";

/**
 * `npm start` as a process manager runs it: npm, its shell, scripts/start.mjs and the server in it.
 * The project's own package.json start line and start.mjs run in a copy of the project whose
 * "build" loads server/main.ts from the sources (a real build takes a minute).
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The server starts from its sources through tsx, next to two other test files and the typecheck:
 * a CI run at load 16 went past the default 20 s. The drain itself is bounded by its backstop (15 s
 * here), and EXIT_WAIT_MS is past it.
 */
const TEST_MS = 60_000;
const EXIT_WAIT_MS = 20_000;

let project: string;
let database: TestDatabase;
let npm: ChildProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  project = mkdtempSync(join(tmpdir(), "freightway-npm-start-"));
  const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({
      name: "start-copy",
      private: true,
      type: "module",
      scripts: { start: packageJson.scripts.start },
    }),
  );
  mkdirSync(join(project, "scripts"));
  copyFileSync(join(ROOT, "scripts/start.mjs"), join(project, "scripts/start.mjs"));
  mkdirSync(join(project, "dist/server"), { recursive: true });
  writeFileSync(join(project, "dist/BUILT"), "sources\n");
  mkdirSync(join(project, "client/dist"), { recursive: true });
  writeFileSync(join(project, "client/dist/index.html"), "<!doctype html><title>Freightway</title>");
  const tsx = pathToFileURL(join(ROOT, "node_modules/tsx/dist/esm/api/index.mjs")).href;
  writeFileSync(
    join(project, "dist/server/main.js"),
    [
      `const { register } = await import(${JSON.stringify(tsx)});`,
      "register();",
      `process.chdir(${JSON.stringify(ROOT)});`,
      `await import(${JSON.stringify(pathToFileURL(join(ROOT, "server/main.ts")).href)});`,
    ].join("\n"),
  );
});

afterEach(() => {
  // Whatever a failed test left behind: the whole group (npm, its shell, node).
  if (npm?.pid && npm.exitCode === null) {
    try {
      process.kill(-npm.pid, "SIGKILL");
    } catch {}
  }
});

afterAll(async () => {
  rmSync(project, { recursive: true, force: true });
  await database.drop();
});

/** `npm start` in a process group of its own; the server's pid and URL once it listens. */
async function npmStart() {
  const child = spawn("npm", ["start"], {
    cwd: project,
    detached: true,
    env: {
      ...serverEnv(database.url, { SHUTDOWN_DELAY_SECONDS: "0.1", SHUTDOWN_GRACE_SECONDS: "10" }),
      CLIENT_DIST_DIR: join(project, "client/dist"),
      npm_config_update_notifier: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  npm = child;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const logs: Record<string, unknown>[] = [];
  const url = await whenListening(child, logs);
  const serverPid = logs.find((entry) => typeof entry.url === "string")?.pid as number;
  return { child, exited, url, serverPid, logs };
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * npm's exit; past `ms` an error that carries the server's log, so that a run on a loaded machine
 * says where the drain stood.
 */
async function exitOf(started: Awaited<ReturnType<typeof npmStart>>, ms = EXIT_WAIT_MS) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const log = started.logs.map((entry) => JSON.stringify(entry)).join("\n");
      reject(new Error(`npm did not exit within ${ms} ms; the server's log:\n${log}`));
    }, ms);
  });
  try {
    return await Promise.race([started.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitUntilGone(pid: number, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (running(pid) && Date.now() - started < timeoutMs) await new Promise((r) => setTimeout(r, 20));
}

describe("npm start", () => {
  it(
    "passes SIGTERM sent to npm on to the server, which drains and exits with npm (no orphan)",
    async () => {
      const started = await npmStart();
      expect(started.serverPid).not.toBe(started.child.pid);
      expect((await fetch(`${started.url}/livez`)).status).toBe(200);

      started.child.kill("SIGTERM");
      expect(await exitOf(started)).toEqual({ code: 0, signal: null });
      await waitUntilGone(started.serverPid);
      expect(running(started.serverPid)).toBe(false);
      expect(started.logs.map((entry) => entry.msg)).toContain("drained: exiting");
    },
    TEST_MS,
  );

  it(
    "treats Ctrl-C (SIGINT to the group, echoed by npm) as one request to drain: exit 0",
    async () => {
      const started = await npmStart();
      process.kill(-(started.child.pid as number), "SIGINT");
      expect(await exitOf(started)).toEqual({ code: 0, signal: null });
      await waitUntilGone(started.serverPid);
      expect(running(started.serverPid)).toBe(false);
      const messages = started.logs.map((entry) => entry.msg);
      expect(messages).toContain("drained: exiting");
      expect(messages).not.toContain("second signal: exiting now");
    },
    TEST_MS,
  );
});
