/**
 * The child of test/support/server-child.ts: a production-mode server on a fresh database with one
 * signed-in user and a placeholder client build, over real HTTP on a free port.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, createUser, loginAs } from "./app.ts";

const dist = mkdtempSync(join(tmpdir(), "freightway-dist-"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>Freightway</title>");
const testApp = await createTestApp({ production: true, clientDistDir: dist, host: "127.0.0.1" });
const email = process.env.SERVER_USER_EMAIL ?? "child-user@example.com";
await createUser(testApp.app, {
  email,
  role: process.env.SERVER_USER_ROLE === "ADMIN" ? "ADMIN" : "CARRIER",
});
const session = await loginAs(testApp.app, email);
const url = await testApp.app.start(0);

async function close() {
  await testApp.close().catch(() => undefined);
  rmSync(dist, { recursive: true, force: true });
}

process.on("message", async (message: { type: string; id: number }) => {
  if (message.type === "usage") {
    const cpu = process.cpuUsage();
    process.send?.({ id: message.id, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (message.type === "stop") {
    await close();
    process.send?.({ id: message.id });
    process.exit(0);
  }
});
process.on("disconnect", async () => {
  await close();
  process.exit(0);
});
process.send?.({ type: "ready", url, token: session.token });
