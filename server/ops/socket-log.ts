import { moduleLogger } from "./logger.ts";
import { socketClosed, socketOpened } from "./metrics.ts";

const log = moduleLogger("graphql-ws");

/** A graphql-ws socket opened: counted in the open-sockets gauge, and a debug line at open and close. */
export function observeSocket(address: string): { closed(code: number): void } {
  socketOpened();
  const opened = performance.now();
  log.debug({ ip: address }, "socket open");
  return {
    closed(code) {
      socketClosed();
      log.debug(
        { ip: address, code, seconds: Math.round(performance.now() - opened) / 1000 },
        "socket closed",
      );
    },
  };
}
