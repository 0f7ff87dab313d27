import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeSession } from "../../server/auth/sessions.ts";
import { createUser } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  storedSession,
} from "../support/browser.ts";

const REPLACED_LOGIN =
  "You were signed out of your other session on this platform because you signed in here.";
const REPLACED_LOGOUT =
  "Your session was closed because your account signed in on another device. Please log in again.";

let world: BrowserWorld;
beforeAll(async () => {
  // Access tokens live 2 seconds here, so every test sees them expire.
  world = await startBrowserWorld({ accessTokenTtlSeconds: 2 });
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
  await createUser(world.app, { email: "dora@example.com", fullName: "Dora Driver" });
  await createUser(world.app, { email: "watched@example.com", fullName: "Wade Watched" });
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

  it("sends a replaced session to /login with the server's message", async () => {
    const first = await openTab(world);
    await loginThroughForm(first.page, "dora@example.com");
    await first.page.waitForURL("**/carrier/**");

    const second = await openTab(world);
    await loginThroughForm(second.page, "dora@example.com");
    await second.page.waitForURL("**/carrier/**");
    await second.page.getByText(REPLACED_LOGIN).waitFor();

    await openProfileFromMenu(first.page, "Dora Driver");
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

  it("checks the session every 5 minutes and logs out when it ended", async () => {
    const { page, context } = await openTab(world);
    await context.clock.install();
    await loginThroughForm(page, "watched@example.com");
    await page.waitForURL("**/carrier/**");
    await page.getByRole("button", { name: "Account menu for Wade Watched" }).waitFor();
    await expectAccessible(page, "signed-in frame");
    const user = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "watched@example.com" } });
    // Through the auth service, as a logout elsewhere would: it also drops cached viewers.
    const sessions = await world.app.deps.db.session.findMany({
      where: { userId: user.id, revokedAt: null },
    });
    for (const session of sessions) await revokeSession(world.app.deps, session.id, "logout");
    await page.clock.fastForward("04:50");
    expect(new URL(page.url()).pathname).toMatch(/^\/carrier\//);
    await page.clock.fastForward("00:20");
    await page.getByText("Ssession ended. Please re-log in.").waitFor();
    await page.waitForURL("**/login");
    await context.close();
  });
});
