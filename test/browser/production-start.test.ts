import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * What `npm start` serves: the server bundle (dist/server/main.js, `node scripts/build.mjs server`)
 * run by plain node from the project folder, with the built client.
 */
let child: ChildProcess | undefined;
let base = "";
let startMs = 0;
let dataDir = "";

beforeAll(async () => {
  if (!existsSync("dist/server/main.js"))
    throw new Error("No dist/: run `node scripts/build.mjs server` first.");
  dataDir = mkdtempSync(join(tmpdir(), "freightway-start-"));
  const started = Date.now();
  child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dataDir, "freightway.db")}`,
      OUTBOX_DIR: join(dataDir, "outbox"),
      ADMIN_EMAIL: "ops@example.com",
      ADMIN_PASSWORD: "correct-horse-42",
      COOKIE_SECURE: "0",
      REDIS_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  base = await new Promise<string>((resolve, reject) => {
    child?.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match) resolve(match[1].replace("localhost", "127.0.0.1"));
    });
    child?.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child?.on("exit", (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  for (;;) {
    const health = await fetch(`${base}/healthz`).catch(() => null);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  startMs = Date.now() - started;
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the production build", () => {
  it("starts from the bundle with plain node (on a fresh database, migrations included)", () => {
    // The 3-second target is measured on a quiet machine (bench/startup.ts); CI runs tests beside it.
    expect(startMs).toBeLessThan(30_000);
  });

  it("serves the app, GraphQL, REST with its upload worker, and GraphiQL's files", async () => {
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ops@example.com", password: "correct-horse-42", platform: "desktop" }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const graphql = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-graphql-yoga-csrf": "1",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query: "{ viewer { email role } }" }),
    });
    expect(await graphql.json()).toEqual({ data: { viewer: { email: "ops@example.com", role: "ADMIN" } } });
    // The upload runs in a worker thread, whose module is the bundle's second entry.
    const upload = await fetch(`${base}/api/loads`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "[]",
    });
    expect(upload.status).toBe(400);
    expect(((await upload.json()) as { code: string }).code).toBe("VALIDATION");
    const html = await (
      await fetch(`${base}/graphql`, {
        headers: { accept: "text/html", cookie: login.headers.get("set-cookie") ?? "" },
      })
    ).text();
    const start = /src="(\/graphiql\/[^"]+\/start\.js)"/.exec(html)?.[1];
    expect(start).toBeTruthy();
    expect((await fetch(`${base}${start}`)).status).toBe(200);
  });
});
