/**
 * Collects what would end a server process: an unhandled promise rejection or an uncaught
 * exception (an 'error' event nobody listens to included). A test asserts the list stays empty.
 */
export function collectProcessFaults() {
  const faults: unknown[] = [];
  const onFault = (fault: unknown) => faults.push(fault);
  process.on("unhandledRejection", onFault);
  process.on("uncaughtException", onFault);
  return {
    faults,
    stop() {
      process.off("unhandledRejection", onFault);
      process.off("uncaughtException", onFault);
    },
  };
}
