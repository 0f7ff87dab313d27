/** The server under load for bench/load.ts: its own process, production mode, demo data. */
import "./production-mode.ts";
import { buildApp } from "../server/app.ts";

const app = await buildApp({ seedDemo: true, host: "127.0.0.1" });
const url = await app.start(0);
console.log(`LISTENING ${url}`);
process.on("SIGTERM", () => void app.stop().then(() => process.exit(0)));
