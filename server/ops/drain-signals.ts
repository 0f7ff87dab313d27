import closeWithGrace from "close-with-grace";
import type { DrainOutcome } from "./drain.ts";
import { moduleLogger } from "./logger.ts";

/**
 * A signal this soon after the first is the same request, not a second one: Ctrl-C under `npm start`
 * reaches the server twice (from the terminal, then forwarded by npm).
 */
const ECHO_MS = 1_000;
/** Closing the database, workers and Redis after the grace; past it the process exits anyway. */
const CLEANUP_MS = 5_000;

const log = moduleLogger("shutdown");

/**
 * SIGTERM or SIGINT drains the server (server/ops/drain.ts) and exits 0, or 1 when the grace ran out
 * or closing failed; a second signal exits 1 at once. close-with-grace owns the exit and a backstop
 * timer; the signals are listened to here, because its own second-signal rule cannot tell npm's
 * echo of a Ctrl-C from an operator's second signal.
 */
export function exitGracefullyOnSignals(
  drain: () => Promise<DrainOutcome>,
  timing: { delaySeconds: number; graceSeconds: number },
): void {
  const backstopMs = (timing.delaySeconds + timing.graceSeconds) * 1000 + CLEANUP_MS;
  const graceful = closeWithGrace(
    {
      delay: backstopMs,
      // Every event close-with-grace would listen to: the signals are handled below, and a crash
      // stays a crash.
      skip: [...SIGNALS, "uncaughtException", "unhandledRejection", "beforeExit"],
      logger: { error: (message: unknown) => log.error({ err: message }, "shutdown failed") },
      onTimeout: (ms) => log.error({ ms }, "shutdown took too long: exiting"),
    },
    async () => {
      const started = Date.now();
      const outcome = await drain();
      if (outcome === "forced") throw new Error("The grace ran out before every request had finished.");
      log.info({ elapsedMs: Date.now() - started }, "drained: exiting");
    },
  );
  let first: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (first === undefined) {
      first = Date.now();
      log.info({ signal }, "shutting down");
      graceful.close();
    } else if (Date.now() - first >= ECHO_MS) {
      log.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

const SIGNALS = [
  "SIGHUP",
  "SIGINT",
  "SIGQUIT",
  "SIGILL",
  "SIGTRAP",
  "SIGABRT",
  "SIGBUS",
  "SIGFPE",
  "SIGSEGV",
  "SIGUSR2",
  "SIGTERM",
] as const;
