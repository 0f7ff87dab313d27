import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/app.ts";
import { type BrowserWorld, loginThroughForm, openTab, startBrowserWorld } from "../support/browser.ts";

const REPLACED_LOGIN =
  "You were signed out of your other session on this platform because you signed in here.";

let world: BrowserWorld;
beforeAll(async () => {
  world = await startBrowserWorld();
  for (const name of ["eve", "fay", "gus", "hal"]) {
    await createUser(world.app, { email: `${name}@example.com`, role: "ADMIN", fullName: `${name} Ops` });
  }
});
afterAll(() => world?.close());

/** Signs the user in twice (two browsers): the second sees the notice, which is returned. */
async function replaceLiveSession(
  email: string,
): Promise<{ page: Page; notice: Locator; close(): Promise<void> }> {
  const first = await openTab(world);
  await loginThroughForm(first.page, email);
  await first.page.waitForURL("**/admin/ila/load");
  const second = await openTab(world);
  await loginThroughForm(second.page, email);
  await second.page.waitForURL("**/admin/ila/load");
  const notice = second.page.getByRole("alert").filter({ hasText: REPLACED_LOGIN });
  return {
    page: second.page,
    notice,
    async close() {
      await first.context.close();
      await second.context.close();
    },
  };
}

describe("the replaced-session notice", () => {
  it("shows once when a live session was replaced, and closes with its button", async () => {
    const { page, notice, close } = await replaceLiveSession("eve@example.com");
    await notice.waitFor();
    await notice.getByRole("button", { name: "Close" }).click();
    await notice.waitFor({ state: "hidden" });
    await page.getByRole("link", { name: "Routing" }).first().click();
    await page.waitForURL("**/admin/ila/routing");
    await expect(notice.count()).resolves.toBe(0);
    await close();
  });

  it("hides by itself after a few seconds", async () => {
    const { notice, close } = await replaceLiveSession("fay@example.com");
    await notice.waitFor();
    await notice.waitFor({ state: "hidden", timeout: 12_000 });
    await close();
  });

  it("is never drawn over a dialog, and logout clears it", async () => {
    const { page, notice, close } = await replaceLiveSession("gus@example.com");
    await notice.waitFor();
    await page.getByRole("button", { name: "Manual update" }).click();
    await page.getByRole("dialog").waitFor();
    // The dialog hides the rest of the page from the accessibility tree: find the snackbar by class.
    const snackbar = page.locator(".MuiSnackbar-root", { hasText: REPLACED_LOGIN });
    const box = (await snackbar.count()) > 0 ? await snackbar.boundingBox() : null;
    if (box) {
      const onTop = await page.evaluate(
        ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest(".MuiSnackbar-root")),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(onTop).toBe(false);
    }
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    // Gone at once: only its fade-out (a few hundred ms, still saying its text), not its 6 s timeout.
    await expect.poll(() => page.getByText(REPLACED_LOGIN).count(), { timeout: 1000 }).toBe(0);
    await close();
  });

  it("stays away when the other session was only left behind by a closed browser", async () => {
    const abandoned = await openTab(world);
    await loginThroughForm(abandoned.page, "hal@example.com");
    await abandoned.page.waitForURL("**/admin/ila/load");
    await abandoned.context.close();
    const hal = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "hal@example.com" } });
    const longAgo = new Date(Date.now() - 3 * 3_600_000);
    await world.app.deps.db.session.updateMany({
      where: { userId: hal.id, revokedAt: null },
      data: { lastUsedAt: longAgo, createdAt: longAgo },
    });

    const { page, errors, context } = await openTab(world);
    await loginThroughForm(page, "hal@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.getByRole("heading", { name: "ILA / Load" }).waitFor();
    await page.waitForTimeout(500);
    await expect(page.getByText(REPLACED_LOGIN).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
