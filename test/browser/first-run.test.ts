import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupToken } from "../../server/workspace/first-operator.ts";
import { expectAccessible } from "../support/axe.ts";
import { type BrowserWorld, openTab, PHONE, startBrowserWorld } from "../support/browser.ts";

/** The /setup screen behind the link a fresh start logs: it creates the first operator, once. */
let world: BrowserWorld;
let token: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  token = setupToken(world.app.deps.config.jwtSecret);
});
afterAll(async () => {
  await world?.close();
});

describe("first run", () => {
  it("refuses a link with the wrong token", async () => {
    const { page, errors } = await openTab(world);
    await page.goto("/setup?token=not-the-token-of-this-server");
    await page.getByText("This setup link is no longer valid", { exact: false }).waitFor();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Set up Freightway");
    expect(errors).toEqual([]);
  });

  it("creates the first operator and signs them in; the link is then used up", async () => {
    const { page, errors } = await openTab(world, PHONE);
    await page.goto(`/setup?token=${token}`);
    const form = page.getByRole("form", { name: "Create the first operator" });
    await form.waitFor();
    await expectAccessible(page, "/setup");
    await form.getByLabel("Email").fill("first@example.com");
    await form.getByLabel("Full name").fill("First Operator");
    await form.getByRole("textbox", { name: "Password", exact: true }).fill("correct-horse-42");
    await form.getByRole("textbox", { name: "Confirm password" }).fill("correct-horse-42");
    await form.getByRole("button", { name: "Create operator and sign in" }).click();
    await page.waitForURL("**/admin/ila/load");
    const user = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "first@example.com" } });
    expect(user.role).toBe("ADMIN");

    const later = await openTab(world);
    await later.page.goto(`/setup?token=${token}`);
    await later.page.getByText("This setup link is no longer valid", { exact: false }).waitFor();
    expect([...errors, ...later.errors]).toEqual([]);
  });
});
