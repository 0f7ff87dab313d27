/**
 * `server/main.ts` in a process of its own, as an operator runs it: its own signal handling, logs on
 * stdout, a free port. For tests of what happens between a signal and the exit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const MAIN_ADMIN = { email: "ops@example.com", password: "correct-horse-42" };

export interface MainProcess {
  url: string;
  child: ChildProcess;
  /** The process's JSON log lines so far. */
  logs: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Environment of a server process that is not a vitest worker (it migrates its own database). */
export function serverEnv(databaseUrl: string, env: Record<string, string>): NodeJS.ProcessEnv {
  const { VITEST_WORKER_ID: _worker, VITEST_POOL_ID: _pool, ...parentEnv } = process.env;
  return {
    ...parentEnv,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: "drain-test-secret-drain-test-secret",
    ADMIN_EMAIL: MAIN_ADMIN.email,
    ADMIN_PASSWORD: MAIN_ADMIN.password,
    COOKIE_SECURE: "0",
    REDIS_URL: "",
    SMTP_URL: "",
    ...env,
  };
}

/** Waits for the "listening" log line of a server process and gives its URL. */
export function whenListening(child: ChildProcess, logs: Record<string, unknown>[]): Promise<string> {
  let rest = "";
  let output = "";
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      rest += chunk.toString();
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        output += `${line}\n`;
        if (!line.startsWith("{")) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        const listening = typeof entry.msg === "string" && entry.msg.includes("listening");
        if (listening && typeof entry.url === "string") resolve(entry.url.replace("localhost", "127.0.0.1"));
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
    );
  });
}

export async function startMainProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<MainProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: serverEnv(databaseUrl, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const logs: Record<string, unknown>[] = [];
  const url = await whenListening(child, logs);
  return { url, child, logs, exited };
}

/** Signs the bootstrap admin in over HTTP; the access token. */
export async function adminToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...MAIN_ADMIN, platform: "desktop" }),
  });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
