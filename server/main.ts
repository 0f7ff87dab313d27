import { buildApp } from "./app.ts";

const app = await buildApp();
const url = await app.start();
console.log(`Freightway listening on ${url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.stop().finally(() => process.exit(0));
  });
}
