import { buildApp } from "./app.ts";
import { exitGracefullyOnSignals } from "./ops/drain-signals.ts";
import { logger } from "./ops/logger.ts";

const app = await buildApp();
const url = await app.start();
// Before the line that tells a supervisor (or a test) that the server is up.
exitGracefullyOnSignals(() => app.drain(), {
  delaySeconds: app.deps.config.shutdownDelaySeconds,
  graceSeconds: app.deps.config.shutdownGraceSeconds,
});
logger.info({ url }, `Freightway listening on ${url}`);
