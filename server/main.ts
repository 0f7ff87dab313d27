import { buildApp } from "./app.ts";
import { exitGracefullyOnSignals } from "./ops/drain-signals.ts";
import { logger } from "./ops/logger.ts";

const app = await buildApp();
const url = await app.start();
logger.info({ url }, `Freightway listening on ${url}`);

exitGracefullyOnSignals(() => app.drain(), {
  delaySeconds: app.deps.config.shutdownDelaySeconds,
  graceSeconds: app.deps.config.shutdownGraceSeconds,
});
