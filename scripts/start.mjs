// `npm start`: serves the build (dist/ and client/dist), building first only when there is none,
// so a restart never rewrites files another instance is serving. The server runs in this process;
// the script is `exec node ...` because npm forwards SIGTERM/SIGINT to its shell, and a shell that
// ran node as its child would die of it and leave the server running without a parent.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { constants } from "node:os";

/** A child with the signals this process gets passed on; resolves with its exit code. */
function runForwardingSignals(args) {
  const child = spawn(process.execPath, args, { stdio: "inherit" });
  const forward = (signal) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(signal ? 128 + constants.signals[signal] : (code ?? 1));
    });
  });
}

const built = ["dist/BUILT", "dist/server/main.js", "client/dist/index.html"].every((file) =>
  existsSync(file),
);
if (!built) {
  console.log("No build yet: building once (npm run build)...");
  const code = await runForwardingSignals(["scripts/build.mjs"]);
  if (code !== 0) process.exit(code);
}
await import("../dist/server/main.js");
