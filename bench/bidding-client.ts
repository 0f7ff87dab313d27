import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";

export interface BiddingServer {
  url: string;
  adminToken: string;
  carrierTokens: string[];
  loadIds: string[];
  stop(): Promise<void>;
}

/** Starts bench/bidding-server.ts in its own process and waits for its fixtures. */
export async function startBiddingServer(env: Record<string, string> = {}): Promise<BiddingServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bidding-server.ts"], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line.startsWith("{")) resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const fixtures = JSON.parse(first) as Omit<BiddingServer, "stop">;
  return {
    ...fixtures,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.stdin.end();
      }),
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One JSON call over a pooled keep-alive connection. */
export function call(
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
