import type { Server } from "node:http";
import { moduleLogger } from "./logger.ts";

export type DrainOutcome = "drained" | "forced";

/** How long sockets asked to close (1001) may take to answer before they are cut. */
const SOCKET_CLOSE_WAIT_MS = 1_000;
/** How often the drain looks at what is still running (and closes connections gone idle). */
const POLL_MS = 25;

const log = moduleLogger("drain");

export interface RequestTracker {
  inFlight(): number;
}

/** Counts requests from their headers to the end of their answer (an upload's body included). */
export function trackRequests(server: Server): RequestTracker {
  let count = 0;
  server.on("request", (_request, response) => {
    count++;
    response.once("close", () => count--);
  });
  return { inFlight: () => count };
}

export interface DrainPlan {
  server: Server;
  requests: RequestTracker;
  /** SHUTDOWN_DELAY: /readyz already fails; the load balancer needs this long to stop sending. */
  delayMs: number;
  /** SHUTDOWN_GRACE: what in-flight requests get, once the listener is closed. */
  graceMs: number;
  /** Timers that would start new work (the round clock). */
  stopBackground(): void;
  openSockets(): number;
  /** Closes the WebSockets with 1001 and resolves once they are gone (cut after `waitMs`). */
  closeSockets(waitMs: number): Promise<void>;
}

/**
 * The drain after SIGTERM: wait for the load balancer, stop accepting, let what is running finish
 * (answers meanwhile say `Connection: close`, idle keep-alive connections are closed), close the
 * WebSockets with 1001; past the grace, cut whatever is left ("forced").
 */
export async function drainServer(plan: DrainPlan): Promise<DrainOutcome> {
  const started = Date.now();
  const elapsedMs = () => Date.now() - started;
  log.info({ delayMs: plan.delayMs }, "draining: /readyz answers 503, new connections still accepted");
  await sleep(plan.delayMs);

  plan.stopBackground();
  // Node calls back once every connection is gone: a request whose headers are still arriving
  // counts, an idle keep-alive connection does not (closeIdleConnections ends those).
  let allClosed = false;
  const listenerClosed = new Promise<void>((resolve) =>
    plan.server.close(() => {
      allClosed = true;
      resolve();
    }),
  );
  log.info(
    { elapsedMs: elapsedMs(), requests: plan.requests.inFlight(), sockets: plan.openSockets() },
    "listener closed: finishing in-flight requests, closing WebSockets with 1001",
  );
  const deadline = Date.now() + plan.graceMs;
  const socketsClosed = plan.closeSockets(Math.min(SOCKET_CLOSE_WAIT_MS, plan.graceMs));
  while (!allClosed && Date.now() < deadline) {
    // A keep-alive connection whose answer began before the signal goes idle without a close.
    plan.server.closeIdleConnections();
    await sleep(POLL_MS);
  }
  await socketsClosed;
  if (allClosed) {
    log.info({ elapsedMs: elapsedMs() }, "connections closed");
    return "drained";
  }
  log.error(
    { elapsedMs: elapsedMs(), requests: plan.requests.inFlight() },
    "grace ran out: cutting the requests still running",
  );
  plan.server.closeAllConnections();
  await Promise.race([listenerClosed, sleep(SOCKET_CLOSE_WAIT_MS)]);
  return "forced";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
