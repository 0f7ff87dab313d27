import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";

export interface BiddingServer {
  url: string;
  adminToken: string;
  carrierTokens: string[];
  loadIds: string[];
  /** CPU time (user + system) the server process has used so far, in ms (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Starts bench/bidding-server.ts in its own process and waits for its fixtures. */
export async function startBiddingServer(env: Record<string, string> = {}): Promise<BiddingServer> {
  // CPU_PROF=1 writes a V8 CPU profile of the server into profiles/ (bench/profile-summary.ts reads it).
  const profile = process.env.CPU_PROF === "1" ? ["--cpu-prof", "--cpu-prof-dir=profiles"] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "bench/bidding-server.ts"], {
    // A run of 20 trials on a crowded machine outlasts the default 15-minute access token.
    env: { ...process.env, ACCESS_TOKEN_TTL_SECONDS: String(4 * 3600), ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.on("line", (line) => {
      // Log lines are JSON too (pino): the fixtures line is the one that names the url.
      if (line.startsWith(`{"url":`)) resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const fixtures = JSON.parse(first) as Omit<BiddingServer, "stop" | "cpuMs">;
  return {
    ...fixtures,
    cpuMs: () => processCpuMs(child.pid as number),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.stdin.end();
      }),
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

let resets = 0;

/** Calls that met a connection reset and were sent again (printed by the benches). */
export function resetCount(): number {
  return resets;
}

/**
 * One JSON call over a pooled keep-alive connection. A connection reset (a reused connection the
 * server closed while idle, or, on this crowded machine, a fresh one) is retried once and counted:
 * a bid sent twice is the same carrier's same amount, so the check of the best offer still holds.
 */
export function call(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return callOnce(baseUrl, method, path, token, body).catch((error: { code?: string }) => {
    if (error.code !== "ECONNRESET") throw error;
    resets++;
    return callOnce(baseUrl, method, path, token, body);
  });
}

function callOnce(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export function closeAgent(): void {
  agent.destroy();
}

/** utime + stime of a process (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
