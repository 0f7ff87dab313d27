import { buildApp } from "./app.ts";
import { logger } from "./ops/logger.ts";

const app = await buildApp();
const url = await app.start();
logger.info({ url }, `Freightway listening on ${url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.stop().finally(() => process.exit(0));
  });
}
