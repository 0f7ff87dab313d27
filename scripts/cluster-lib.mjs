// A cluster on one machine: N server instances (the built bundle) behind nginx, with rolling
// restarts that take each instance out of nginx's upstream before it is signalled to drain.
// Used by `npm run cluster` (scripts/cluster.mjs) and by the rolling-restart test and bench.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { startNodeFlags } from "./start-flags.mjs";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

export function nginxAvailable() {
  return spawnSync(NGINX, ["-v"], { stdio: "ignore" }).status === 0;
}

/** A port nothing listens on now (the OS picks it). */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function waitUntil(check, what, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * nginx in front of the instances. WebSocket upgrade on every path (graphql-ws shares /graphql),
 * idle timeouts above the server's 30 s socket pings, keep-alive to the upstreams, and a retry on
 * another instance when one refuses the connection or answers 502/503 before doing anything
 * (a draining instance answers 503 to requests that reach it after it stopped taking work).
 */
export function nginxConfig({ dir, port, upstreams }) {
  const temp = (name) => join(dir, "temp", name);
  const servers = upstreams
    .map(({ port: upstreamPort, down }) => `    server 127.0.0.1:${upstreamPort}${down ? " down" : ""};`)
    .join("\n");
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
# Old workers of a reload let go of their WebSockets after this (the instances close theirs with 1001).
worker_shutdown_timeout 30s;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  client_max_body_size 20m;
  map $http_upgrade $connection_upgrade { default upgrade; "" ""; }
  map $http_x_request_id $request_id_out { default $http_x_request_id; "" $request_id; }
  upstream freightway {
${servers}
    keepalive 32;
    keepalive_timeout 50s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://freightway;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id_out;
      proxy_connect_timeout 2s;
      proxy_read_timeout 75s;
      proxy_send_timeout 75s;
      proxy_buffering off;
      proxy_request_buffering on;
      proxy_next_upstream error http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
    }
  }
}
`;
}

/**
 * Starts `instances` servers (`node <entry>` with `npm start`'s flags, each on its own free port, `env` added to ours) and
 * nginx on `port`; resolves once nginx answers and every instance is ready.
 */
export async function startCluster({
  instances = 2,
  port,
  dir = resolve("data/cluster"),
  env = {},
  entry = resolve("dist/server/main.js"),
  onLine = () => undefined,
} = {}) {
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(join(dir, "temp", name), { recursive: true });
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const members = [];
  for (let index = 0; index < instances; index++)
    members.push({ index, port: await freePort(), down: false, child: null });
  const conf = join(dir, "nginx.conf");

  const writeConf = () =>
    writeFileSync(conf, nginxConfig({ dir, port: listenPort, upstreams: members }), { mode: 0o644 });

  function launch(member) {
    const child = spawn(process.execPath, [...startNodeFlags(), entry], {
      env: {
        ...process.env,
        ...env,
        PORT: String(member.port),
        HOST: "127.0.0.1",
        TRUST_PROXY: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr])
      stream.on("data", (chunk) => {
        for (const line of chunk.toString().split("\n")) if (line) onLine(member.index, line);
      });
    member.child = child;
    member.exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
    return child;
  }

  const ready = (member) =>
    waitUntil(
      async () => {
        if (member.child.exitCode !== null) throw new Error(`instance ${member.index} exited`);
        return (await fetch(`http://127.0.0.1:${member.port}/readyz`)).status === 200;
      },
      `instance ${member.index} to be ready`,
      60_000,
    );

  function reloadNginx() {
    writeConf();
    const result = spawnSync(NGINX, ["-p", dir, "-c", conf, "-e", join(dir, "error.log"), "-s", "reload"], {
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`nginx reload failed: ${result.stderr}`);
  }

  for (const member of members) launch(member);
  try {
    await Promise.all(members.map(ready));
  } catch (error) {
    for (const member of members) member.child.kill("SIGKILL");
    throw error;
  }
  writeConf();
  const nginx = spawn(NGINX, ["-p", dir, "-c", conf, "-e", join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const nginxExited = new Promise((done) => nginx.once("exit", done));
  await waitUntil(async () => (await fetch(`${url}/livez`)).status === 200, "nginx", 10_000);

  /**
   * One instance at a time: out of nginx's upstream (a graceful reload: requests in flight finish
   * on the old workers), SIGTERM (the instance drains and exits), started again, ready, back in.
   * Resolves with each instance's drain time (signal to exit) and time to ready again.
   */
  async function rollingRestart() {
    const figures = [];
    for (const member of members) {
      member.down = true;
      reloadNginx();
      await sleep(300);
      const signalled = Date.now();
      member.child.kill("SIGTERM");
      const { code } = await member.exited;
      const drainMs = Date.now() - signalled;
      const started = Date.now();
      launch(member);
      await ready(member);
      const readyMs = Date.now() - started;
      member.down = false;
      reloadNginx();
      await sleep(300);
      figures.push({ instance: member.index, exitCode: code, drainMs, readyMs });
    }
    return figures;
  }

  async function stop() {
    for (const member of members) if (member.child.exitCode === null) member.child.kill("SIGTERM");
    await Promise.all(members.map((member) => member.exited));
    nginx.kill("SIGQUIT");
    await nginxExited;
  }

  return { url, instances: members, rollingRestart, stop };
}
