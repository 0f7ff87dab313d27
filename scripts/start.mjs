// `npm start`: serves the build (dist/ and client/dist), building first only when there is none,
// so a restart never rewrites files another instance is serving. The server runs in this process
// (no child to orphan when a process manager signals npm).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const built = ["dist/BUILT", "dist/server/main.js", "client/dist/index.html"].every((file) =>
  existsSync(file),
);
if (!built) {
  console.log("No build yet: building once (npm run build)...");
  const result = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../dist/server/main.js");
