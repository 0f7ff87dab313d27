import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_CHANGED_MESSAGE } from "../../common/session-messages.ts";
import { revokeSession } from "../../server/auth/sessions.ts";
import { createUser, gql, loginAs } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  liveConnectionAcknowledged,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  storedSession,
} from "../support/browser.ts";
import { createCarrierAs } from "../support/carriers.ts";

const REPLACED_LOGIN =
  "You were signed out of your other session on this platform because you signed in here.";
const REPLACED_LOGOUT =
  "Your session was closed because your account signed in on another device. Please log in again.";

let world: BrowserWorld;
beforeAll(async () => {
  // Access tokens live 2 seconds here, so every test sees them expire.
  world = await startBrowserWorld({ accessTokenTtlSeconds: 2 });
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
});
afterAll(() => world?.close());

const openProfileFromMenu = async (page: import("playwright-core").Page, name: string) => {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("menuitem", { name: "My Profile" }).click();
};

describe("session handling in the client", () => {
  it("refreshes an expired access token silently and retries", async () => {
    const { page, errors, context } = await openTab(world);
    await loginThroughForm(page, "carl@example.com");
    await page.waitForURL("**/carrier/carrier-portal/active-offers");
    const first = await storedSession(page);
    await page.waitForTimeout(3000);
    await openProfileFromMenu(page, "Carl Carrier");
    await page.getByTestId("account-user-id").waitFor();
    expect(new URL(page.url()).pathname).toBe("/carrier/my-profile");
    const second = await storedSession(page);
    expect(second.token).not.toBe(first.token);
    expect(second.role).toBe("CARRIER");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps live updates coming after the access token expires", async () => {
    await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
    await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
    const { page, errors, context } = await openTab(world);
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));
    await loginThroughForm(page, "ada@example.com");
    await page.waitForURL("**/admin/ila/load");
    const ops = (await loginAs(world.app, "ops@example.com")).token;
    await createCarrierAs(world.app, ops, 1, { carrierName: "Before Expiry Freight" });
    await page.goto("/admin/ila/carriers");
    await page.getByRole("link", { name: "Before Expiry Freight" }).waitFor();
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The socket's token (2 s) expires: the server closes it, the tab refreshes and reconnects.
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(1);
    const opsAgain = (await loginAs(world.app, "ops@example.com")).token; // 2-second tokens
    await createCarrierAs(world.app, opsAgain, 2, { carrierName: "After Expiry Freight" });
    await page.getByRole("link", { name: "After Expiry Freight" }).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Its own server, with access tokens of the usual life: with 2-second ones the live connection
 * reconnects every 2 seconds (the server closes it as its token expires) and refreshes first; a
 * refresh in flight as the sessions are revoked gets a token minted just before, and on a busy
 * machine that token has expired again by the retry, so the client signs out without the server's
 * reason (seen in full browser runs). A person's 15-minute token has no such window.
 */
describe("sessions that end elsewhere", () => {
  let watchedWorld: BrowserWorld;
  beforeAll(async () => {
    watchedWorld = await startBrowserWorld();
    await createUser(watchedWorld.app, { email: "watched@example.com", fullName: "Wade Watched" });
    await createUser(watchedWorld.app, { email: "dora@example.com", fullName: "Dora Driver" });
  });
  afterAll(() => watchedWorld?.close());

  it("sends a replaced session to /login with the server's message", async () => {
    const first = await openTab(watchedWorld);
    const firstIsLive = liveConnectionAcknowledged(first.page);
    await loginThroughForm(first.page, "dora@example.com");
    await first.page.waitForURL("**/carrier/**");
    await firstIsLive;

    const second = await openTab(watchedWorld);
    await loginThroughForm(second.page, "dora@example.com");
    await second.page.waitForURL("**/carrier/**");
    await second.page.getByText(REPLACED_LOGIN).waitFor();

    // The server closes the first tab's live connection; the tab asks why and is told, untouched.
    const dialog = first.page.getByRole("dialog", { name: "Session ended" });
    await dialog.getByText(REPLACED_LOGOUT).waitFor();
    await first.page.waitForURL("**/login");
    await expect(storedSession(first.page)).resolves.toEqual({ token: null, role: null });
    await dialog.getByRole("button", { name: "OK" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The session that replaced it is untouched.
    await openProfileFromMenu(second.page, "Dora Driver");
    await second.page.getByTestId("account-user-id").waitFor();
    await first.context.close();
    await second.context.close();
  });

  it("tells a replaced tab whose live connection is down at its next request", async () => {
    const first = await openTab(watchedWorld);
    // A socket that opens but never hears from the server (a proxy that drops WebSockets).
    await first.page.routeWebSocket(/\/graphql$/, () => undefined);
    await loginThroughForm(first.page, "dora@example.com");
    await first.page.waitForURL("**/carrier/**");
    await first.page.getByRole("button", { name: "Account menu for Dora Driver" }).waitFor();

    const second = await openTab(watchedWorld);
    await loginThroughForm(second.page, "dora@example.com");
    await second.page.getByText(REPLACED_LOGIN).waitFor();

    await openProfileFromMenu(first.page, "Dora Driver");
    const dialog = first.page.getByRole("dialog", { name: "Session ended" });
    await dialog.getByText(REPLACED_LOGOUT).waitFor();
    await first.page.waitForURL("**/login");
    await first.context.close();
    await second.context.close();
  });

  it("tells a tab whose role changed to sign in again, and signing in opens the new role's screens", async () => {
    await createUser(watchedWorld.app, { email: "rhea@example.com", fullName: "Rhea Role" });
    await createUser(watchedWorld.app, { email: "boss@example.com", role: "ADMIN", fullName: "Bo Boss" });
    const { page, errors, context } = await openTab(watchedWorld);
    const isLive = liveConnectionAcknowledged(page);
    await loginThroughForm(page, "rhea@example.com");
    await page.waitForURL("**/carrier/**");
    await isLive;

    const boss = (await loginAs(watchedWorld.app, "boss@example.com")).token;
    const rhea = await watchedWorld.app.deps.db.user.findUniqueOrThrow({
      where: { email: "rhea@example.com" },
    });
    const changed = await gql(
      watchedWorld.app,
      "mutation ($input: ChangeUserRoleInput!) { changeUserRole(input: $input) { __typename } }",
      { input: { userId: rhea.id, role: "ADMIN" } },
      { token: boss },
    );
    expect(changed.errors).toBeUndefined();

    // Untouched, the carrier's screens learn it at once and send the tab to sign in again.
    const dialog = page.getByRole("dialog", { name: "Session ended" });
    await dialog.getByText(ROLE_CHANGED_MESSAGE).waitFor();
    await page.waitForURL("**/login");
    await dialog.getByRole("button", { name: "OK" }).click();
    await loginThroughForm(page, "rhea@example.com");
    await page.waitForURL("**/admin/ila/load");
    await expect(storedSession(page)).resolves.toMatchObject({ role: "ADMIN" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("checks the session every 5 minutes and logs out when it ended", async () => {
    const { page, context } = await openTab(watchedWorld);
    // Its live connection is down, so the server's sessionEnded notice cannot reach it: the check does.
    await page.routeWebSocket(/\/graphql$/, () => undefined);
    await context.clock.install();
    await loginThroughForm(page, "watched@example.com");
    await page.waitForURL("**/carrier/**");
    await page.getByRole("button", { name: "Account menu for Wade Watched" }).waitFor();
    await expectAccessible(page, "signed-in frame");
    const user = await watchedWorld.app.deps.db.user.findUniqueOrThrow({
      where: { email: "watched@example.com" },
    });
    // Through the auth service, as a logout elsewhere would: it also drops cached viewers.
    const sessions = await watchedWorld.app.deps.db.session.findMany({
      where: { userId: user.id, revokedAt: null },
    });
    for (const session of sessions) await revokeSession(watchedWorld.app.deps, session.id, "logout");
    await page.clock.fastForward("04:50");
    expect(new URL(page.url()).pathname).toMatch(/^\/carrier\//);
    await page.clock.fastForward("00:20");
    await page.getByText("Ssession ended. Please re-log in.").waitFor();
    await page.waitForURL("**/login");
    await context.close();
  });
});
