/**
 * The server of bench/first-screen.ts, in a process of its own: a fresh database, the built client
 * (client/dist, or FIRST_SCREEN_DIST), an operator, an approved carrier and FIRST_SCREEN_OFFERS loads open for bidding
 * (so both the admin load list and the carrier's active offers have rows). It answers the parent
 * over IPC: a fresh sign-in for a role ("login"), and "stop".
 */
import "./production-mode.ts";
import { createTestApp, createUser, loginAs } from "../test/support/app.ts";
import { CLIENT_DIST } from "../test/support/browser.ts";
import { biddableLoad, openOffer } from "../test/support/offers.ts";

interface Ask {
  type: "login" | "stop";
  id: number;
  role?: "ADMIN" | "CARRIER";
}

const ADMIN_EMAIL = "bench-admin@example.com";
const CARRIER_EMAIL = "bench-carrier@example.com";

// FIRST_SCREEN_DIST: another build's client/dist (e.g. a copy of the previous one) instead of this one.
const clientDistDir = process.env.FIRST_SCREEN_DIST ?? CLIENT_DIST;
const testApp = await createTestApp({ clientDistDir, host: "127.0.0.1" });
const { app } = testApp;
await createUser(app, { email: ADMIN_EMAIL, role: "ADMIN" });
await createUser(app, { email: CARRIER_EMAIL, fullName: "Bench Carrier" });
const opener = await loginAs(app, ADMIN_EMAIL);
const offers = Number(process.env.FIRST_SCREEN_OFFERS ?? 60);
for (let index = 0; index < offers; index++) {
  const load = await biddableLoad(app, 48 + index);
  await openOffer(app, opener.token, load.loadId, { roundMinutes: 24 * 60 });
}
const url = await app.start(0);

process.on("message", async (message: Ask) => {
  if (message.type === "login") {
    const email = message.role === "ADMIN" ? ADMIN_EMAIL : CARRIER_EMAIL;
    const { token } = await loginAs(app, email);
    process.send?.({ id: message.id, token, role: message.role });
  } else if (message.type === "stop") {
    await testApp.close();
    process.send?.({ id: message.id });
    process.exit(0);
  }
});
process.on("disconnect", async () => {
  await testApp.close().catch(() => undefined);
  process.exit(0);
});
process.send?.({ type: "ready", url, token: opener.token, databaseUrl: testApp.database.url });
