// `npm run build`: generated code (Prisma clients, Pothos types, Relay artifacts), the client
// (client/dist, with .br/.gz twins) and the server bundled to JavaScript by esbuild (dist/server,
// run by plain node; packages stay in node_modules). One bundle loads in about two thirds of the
// time of the same code as 400 modules, which is most of the start. Each output is written beside its place and swapped in whole, so an instance running from
// a previous build never reads a half-written file.
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { run } from "./prisma-env.mjs";

const stamp = `${process.pid}-${Date.now()}`;

function swapIn(built, target) {
  const old = `${target}.old-${stamp}`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(built, target);
  rmSync(old, { recursive: true, force: true });
}

// `node scripts/build.mjs server`: the server bundle only (the test command's step; seconds).
const only = process.argv[2];

if (only !== "server") {
  run("node", ["scripts/generate.mjs"]);
  buildClient();
}
buildServer();
console.log(only === "server" ? "Built: dist/." : "Built: client/dist and dist/ (run with `npm start`).");

function buildClient() {
  const clientOut = `client/dist.new-${stamp}`;
  run(
    "node_modules/.bin/vite",
    ["build", "--config", "client/vite.config.ts", "--outDir", `../${clientOut}`],
    {
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  swapIn(clientOut, "client/dist");
}

function buildServer() {
  const serverOut = `dist.new-${stamp}`;
  run("node_modules/.bin/esbuild", [
    "main=server/main.ts",
    // The upload worker thread's module, beside the bundle (server/loads/upload/service.ts).
    "loads-upload-worker=server/loads/upload/worker.ts",
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node20",
    "--packages=external",
    "--sourcemap",
    "--log-level=warning",
    `--outdir=${serverOut}/server`,
  ]);
  writeFileSync(`${serverOut}/BUILT`, `${new Date().toISOString()}\n`);
  swapIn(serverOut, "dist");
}
