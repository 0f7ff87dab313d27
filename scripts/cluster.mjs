// `npm run cluster`: several instances of the built server behind nginx on one machine, the
// scale-out path for trying it (PostgreSQL + Redis). SIGHUP does a rolling restart; SIGINT/SIGTERM
// stop everything. Settings: CLUSTER_INSTANCES (2), CLUSTER_PORT (8080), and the server's own
// environment (DATABASE_URL, REDIS_URL and JWT_SECRET are required).
import { existsSync } from "node:fs";
import { nginxAvailable, startCluster } from "./cluster-lib.mjs";

for (const name of ["DATABASE_URL", "REDIS_URL", "JWT_SECRET"]) {
  if (!process.env[name]) {
    console.error(`${name} must be set: a cluster shares one PostgreSQL database, one Redis and one secret.`);
    process.exit(2);
  }
}
if (!process.env.DATABASE_URL.startsWith("postgres")) {
  console.error("DATABASE_URL must point at PostgreSQL: instances cannot share an embedded SQLite file.");
  process.exit(2);
}
if (!nginxAvailable()) {
  console.error("nginx is missing: install Debian's package (apt-get install nginx).");
  process.exit(2);
}
if (!existsSync("dist/server/main.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(2);
}

const cluster = await startCluster({
  instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
  port: Number(process.env.CLUSTER_PORT ?? 8080),
  onLine: (index, line) => process.stdout.write(`[${index}] ${line}\n`),
});
console.log(
  `Freightway cluster: ${cluster.instances.length} instances behind nginx on ${cluster.url} ` +
    `(kill -HUP ${process.pid} for a rolling restart)`,
);

let busy = false;
process.on("SIGHUP", async () => {
  if (busy) return;
  busy = true;
  try {
    for (const figure of await cluster.rollingRestart())
      console.log(
        `instance ${figure.instance}: drained in ${figure.drainMs} ms, ready in ${figure.readyMs} ms`,
      );
  } catch (error) {
    console.error("rolling restart failed:", error);
  } finally {
    busy = false;
  }
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, async () => {
    await cluster.stop();
    process.exit(0);
  });
