// The Node flags `npm start` gives the server (package.json's start script), for whatever else
// starts a production server: the local cluster (scripts/cluster.mjs) and the benchmarks.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function startNodeFlags(root = process.cwd()) {
  const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return scripts.start.split(/\s+/).filter((word) => word.startsWith("--"));
}
