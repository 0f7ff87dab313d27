import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
  watchBlankNotices,
} from "../support/browser.ts";

let world: BrowserWorld;
let tab: Tab;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
  await createUser(world.app, { email: "taken@example.com" });
  tab = await openTab(world);
  await loginThroughForm(tab.page, "carl@example.com");
  await tab.page.waitForURL("**/carrier/carrier-portal/active-offers");
});
afterAll(async () => {
  expect(tab.errors).toEqual([]);
  await world?.close();
});

describe("My Account", () => {
  it("shows the user, their user id and a clock in the four US zones", async () => {
    const { page } = tab;
    await page.goto("/carrier/my-profile");
    await page.getByRole("heading", { name: "My Account" }).waitFor();
    await expect(page.getByTestId("account-name").textContent()).resolves.toBe("Carl Carrier");
    const user = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "carl@example.com" } });
    await expect(page.getByTestId("account-user-id").textContent()).resolves.toBe(`User ID: ${user.userId}`);
    await expect(page.getByLabel("User ID").inputValue()).resolves.toBe(user.userId);
    await expect(page.getByLabel("User ID").getAttribute("readonly")).resolves.not.toBeNull();

    const zone = page.getByRole("combobox", { name: "Time zone" });
    await expect(zone.textContent()).resolves.toBe("Eastern");
    const eastern = await page.getByTestId("clock-time").textContent();
    expect(eastern).toMatch(/^\d{1,2}:\d{2} (AM|PM)E[SD]T$/);
    await zone.click();
    const options = await page.getByRole("option").allTextContents();
    expect(options).toEqual(["Eastern", "Central", "Mountain", "Pacific"]);
    await page.getByRole("option", { name: "Pacific" }).click();
    await expect(page.getByTestId("clock-time").textContent()).resolves.toMatch(/P[SD]T$/);
    // The choice is the user's: stored, and every screen's dates follow it.
    await page.getByTestId("time-zone-outcome").getByText("Dates now show in this time zone.").waitFor();
    await expect
      .poll(
        async () =>
          (await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "carl@example.com" } })).timeZone,
      )
      .toBe("America/Los_Angeles");
    await expectAccessible(page, "My Account");
  });

  it("saves the profile and says so", async () => {
    const { page } = tab;
    await page.getByLabel("Full name").fill("Carla Carrier");
    await page.getByLabel("Contact phone").fill("(312) 555-0187");
    await page.getByLabel("MC / DOT").fill("MC-1 / DOT-2");
    await page.getByLabel("Cargo types").fill("Dry Van");
    await page.getByLabel("Experience (years)").fill("9");
    await page.getByLabel("Areas of operation").fill("IL, IN");
    await page.getByLabel("Areas of operation").press("Tab");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Your profile was saved.").waitFor();
    // Closed, the toast fades out still saying what it said (not an empty green bar).
    const blankNotices = await watchBlankNotices(page);
    const snackbar = page.locator(".MuiSnackbar-root", { hasText: "Your profile was saved." });
    await snackbar.getByRole("button", { name: "Close" }).click();
    await snackbar.waitFor({ state: "detached" });
    expect(await blankNotices()).toBe(0);
    await expect(page.getByLabel("Contact phone").inputValue()).resolves.toBe("(312) 555-0187");
    await page.getByRole("button", { name: "Account menu for Carla Carrier" }).waitFor();
    const saved = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "carl@example.com" } });
    expect(saved).toMatchObject({
      fullName: "Carla Carrier",
      contactPhone: "+13125550187",
      mcDot: "MC-1 / DOT-2",
      cargoTypes: "Dry Van",
      experienceYears: 9,
      areasOfOperation: "IL, IN",
    });
    await page.reload();
    await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Carla Carrier");
  });

  it("says 'No se pudo guardar los cambios' when the server refuses", async () => {
    const { page } = tab;
    await page.getByLabel("Email").fill("taken@example.com");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("No se pudo guardar los cambios").waitFor();
    await page.getByText("The email already exist.").waitFor();
    await page.getByLabel("Contact phone").fill("12");
    await page.getByLabel("Email").fill("carl@example.com");
    await page.getByLabel("Email").press("Enter");
    await page.getByText("Invalid phone number").waitFor();
  });
});

describe("Support Hub", () => {
  it("shows operators the contact messages and marks them handled", async () => {
    await world.app.fetch(
      new Request(`${world.baseUrl}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "shipper@example.com",
          name: "Sam Shipper",
          message: "Need 3 flatbeds.",
        }),
      }),
      { ip: "10.9.9.9" },
    );
    await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops" });
    const admin = await openTab(world);
    await loginThroughForm(admin.page, "ops@example.com");
    await admin.page.waitForURL("**/admin/ila/load");
    await admin.page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Support Hub" })
      .click();
    await admin.page.waitForURL("**/support-hub");
    const message = admin.page.getByRole("article", { name: "Message from Sam Shipper" });
    await message.getByText("Need 3 flatbeds.").waitFor();
    await admin.page.getByText("1 open").waitFor();
    await message.getByRole("button", { name: "Mark handled" }).click();
    await message.getByRole("button", { name: "Reopen" }).waitFor();
    await admin.page.getByText("0 open").waitFor();
    await admin.page.getByRole("button", { name: "Handled" }).click();
    await admin.page.getByRole("article", { name: "Message from Sam Shipper" }).waitFor();
    const stored = await world.app.deps.db.contactMessage.findFirstOrThrow({
      where: { email: "shipper@example.com" },
    });
    expect(stored.handledAt).not.toBeNull();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
