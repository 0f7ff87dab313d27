import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  EMAIL_REVERT_INVALID,
  EMAIL_REVERTED,
} from "../../common/auth.ts";
import { createUser, TEST_PASSWORD } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { mailsTo, revertEmailTokenFor } from "../support/outbox.ts";

/** Issue #24 on screen: My Account asks for the password to change the e-mail; the mailed link undoes it. */
let world: BrowserWorld;
let tab: Tab;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "erin@example.com", fullName: "Erin Early" });
  tab = await openTab(world);
  await loginThroughForm(tab.page, "erin@example.com");
  await tab.page.waitForURL("**/carrier/carrier-portal/active-offers");
});
afterAll(async () => {
  expect(tab.errors).toEqual([]);
  await world?.close();
});

const emailOf = async (fullName: string) =>
  (await world.app.deps.db.user.findFirstOrThrow({ where: { fullName } })).email;

describe("changing the e-mail on My Account", () => {
  it("asks for the current password only once the e-mail differs, and says what is wrong", async () => {
    const { page } = tab;
    await page.goto("/carrier/my-profile");
    await page.getByRole("heading", { name: "My Account" }).waitFor();
    // The Change password panel has a "Current password" of its own: look inside the profile form.
    const profile = page.getByRole("form", { name: "Profile" });
    const password = profile.getByRole("textbox", { name: "Current password" });
    expect(await password.count()).toBe(0);

    await profile.getByLabel("Email").fill("erin.new@example.com");
    await password.waitFor();
    await profile.getByText(EMAIL_CHANGE_NEEDS_PASSWORD).waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("No se pudo guardar los cambios").waitFor();
    await profile.getByText(CURRENT_PASSWORD_REQUIRED).waitFor();

    await password.fill("not-my-password");
    await page.getByRole("button", { name: "Save changes" }).click();
    await profile.getByText(CURRENT_PASSWORD_WRONG).waitFor();
    expect(await emailOf("Erin Early")).toBe("erin@example.com");

    await password.fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your profile was saved with the new e-mail.", { exact: false }).waitFor();
    await expect.poll(() => emailOf("Erin Early")).toBe("erin.new@example.com");
    // Saved, the e-mail is no longer "new": the password field goes away and other fields save freely.
    await password.waitFor({ state: "detached" });
    expect(await mailsTo(world, "erin@example.com")).toHaveLength(1);
  });
});

describe("/revert-email", () => {
  it("restores the old address with one click, then sends the owner to a temporary password", async () => {
    const token = await revertEmailTokenFor(world, "erin@example.com");
    const owner = await openTab(world);
    try {
      const { page } = owner;
      await page.goto(`/revert-email?token=${token}`);
      await page.getByRole("heading", { name: "Undo an e-mail change" }).waitFor();
      // Opening the link changes nothing (a mail scanner may open it): the owner confirms.
      expect(await emailOf("Erin Early")).toBe("erin.new@example.com");
      await expectAccessible(page, "Undo an e-mail change");
      await page.getByRole("button", { name: "Restore my e-mail address" }).click();
      await page.getByTestId("revert-email-outcome").getByText(EMAIL_REVERTED).waitFor();
      await page.getByText("erin@example.com").waitFor();
      await expect.poll(() => emailOf("Erin Early")).toBe("erin@example.com");

      // The session that changed it is over: its next request lands on the login page.
      await tab.page.goto("/carrier/my-profile");
      await tab.page.waitForURL("**/login", { timeout: 10_000 });

      await page.getByRole("button", { name: "Get a temporary password" }).click();
      await page.waitForURL("**/forgot-password");
      await expect(page.getByLabel("Email").inputValue()).resolves.toBe("erin@example.com");

      // The link is spent.
      await page.goto(`/revert-email?token=${token}`);
      await page.getByRole("button", { name: "Restore my e-mail address" }).click();
      await page.getByTestId("revert-email-outcome").getByText(EMAIL_REVERT_INVALID).waitFor();
      expect(owner.errors).toEqual([]);
    } finally {
      await owner.context.close();
    }
  });

  it("says a link without a usable token is not valid", async () => {
    const visitor = await openTab(world);
    try {
      await visitor.page.goto("/revert-email");
      await visitor.page.getByTestId("revert-email-outcome").getByText(EMAIL_REVERT_INVALID).waitFor();
      await visitor.page.getByRole("link", { name: "Back to Login" }).click();
      await visitor.page.waitForURL("**/login");
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
