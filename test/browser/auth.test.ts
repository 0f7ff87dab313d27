import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleBackgroundWork } from "../../server/auth/service.ts";
import { createUser, TEST_PASSWORD } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  storedSession,
} from "../support/browser.ts";
import { mailsTo } from "../support/outbox.ts";

let world: BrowserWorld;
beforeAll(async () => {
  world = await startBrowserWorld({ blockedEmailDomains: ["blocked.example"] });
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
  await createUser(world.app, { email: "forgetful@example.com" });
});
afterAll(() => world?.close());

const formError = (page: Page) => page.getByTestId("form-error");

async function fillSignup(
  page: Page,
  fields: { email: string; password?: string; confirm?: string; phone?: string; country?: "US" | "CA" },
) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(fields.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(fields.password ?? "long-enough-1");
  await page
    .getByRole("textbox", { name: "Confirm password", exact: true })
    .fill(fields.confirm ?? fields.password ?? "long-enough-1");
  if (fields.country === "CA") {
    await page.getByLabel("Country").click();
    await page.getByRole("option", { name: "CA" }).click();
  }
  await page.getByLabel("Phone number").fill(fields.phone ?? "2015550123");
  await page.getByRole("button", { name: "Register" }).click();
}

describe("sign up", () => {
  it("shows the tabs, the +1 prefix, digits-only phone and the password toggles", async () => {
    const { page, errors, context } = await openTab(world);
    await page.goto("/signup");
    await expect(page.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
    await page.getByText("+1", { exact: true }).waitFor();
    await expectAccessible(page, "sign-up form");
    const phone = page.getByLabel("Phone number");
    await phone.pressSequentially("(201) abc-555");
    await expect(phone.inputValue()).resolves.toBe("201555");
    const password = page.getByRole("textbox", { name: "Password", exact: true });
    await expect(password.getAttribute("type")).resolves.toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password.getAttribute("type")).resolves.toBe("text");
    await page.getByRole("button", { name: "Show confirm password" }).click();
    await expect(
      page.getByRole("textbox", { name: "Confirm password", exact: true }).getAttribute("type"),
    ).resolves.toBe("text");
    await page.getByRole("tab", { name: "Login" }).click();
    await page.waitForURL("**/login");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says when the passwords differ or the phone is invalid", async () => {
    const { page, context } = await openTab(world);
    await fillSignup(page, {
      email: "new1@example.com",
      password: "long-enough-1",
      confirm: "long-enough-2",
    });
    await expect(formError(page).textContent()).resolves.toBe("Passwords do not match. Please try again.");
    await fillSignup(page, { email: "new1@example.com", phone: "12345" });
    await expect(formError(page).textContent()).resolves.toBe("Invalid phone number");
    await context.close();
  });

  it("shows the server's refusals: taken e-mail, other failures", async () => {
    const { page, context } = await openTab(world);
    await fillSignup(page, { email: "carl@example.com" });
    await formError(page).getByText("The email already exist.").waitFor();
    await context.close();
  });

  it("checks the password length in the form, before sending anything", async () => {
    const { page, context } = await openTab(world);
    const registers: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/graphql") && request.postData()?.includes("register")) {
        registers.push(request.url());
      }
    });
    await fillSignup(page, { email: "short@example.com", password: "short", confirm: "short" });
    await page.getByText("Password must be at least 8 characters.").waitFor();
    expect(registers).toEqual([]);
    await expect(formError(page).count()).resolves.toBe(0);
    await context.close();
  });

  it("sends a refused domain to the waitlist page", async () => {
    const { page, context } = await openTab(world);
    await fillSignup(page, { email: "someone@blocked.example" });
    await page.waitForURL("**/unsupported-email");
    await expect(formError(page).textContent()).resolves.toBe("The email domain is not permited.");
    await page
      .getByText("Email Extension Not Supported. We cannot register your email address.", { exact: true })
      .waitFor();
    await page.getByText(/added someone@blocked\.example to our waitlist/).waitFor();
    const waitlisted = await world.app.deps.db.emailWaitlist.findUnique({
      where: { email: "someone@blocked.example" },
    });
    expect(waitlisted).not.toBeNull();
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL("**/signup");
    // Back returns to the form as it was filled.
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe("someone@blocked.example");
    await expect(page.getByRole("textbox", { name: "Password", exact: true }).inputValue()).resolves.toBe(
      "long-enough-1",
    );
    await expect(
      page.getByRole("textbox", { name: "Confirm password", exact: true }).inputValue(),
    ).resolves.toBe("long-enough-1");
    await expect(page.getByLabel("Phone number").inputValue()).resolves.toBe("2015550123");
    await page.goto("/unsupported-email");
    await page.getByRole("button", { name: "Contact us" }).click();
    await page.waitForURL("**/signup");
    await context.close();
  });

  it("creates a carrier, signs it in and lands on the carrier's active offers", async () => {
    const { page, errors, context } = await openTab(world);
    await fillSignup(page, { email: "Newcomer@Example.com", country: "CA", phone: "4165550123" });
    await page.waitForURL("**/carrier/carrier-portal/active-offers");
    await page.getByRole("heading", { name: "Carrier Portal / Active Offers" }).waitFor();
    await expect(storedSession(page)).resolves.toMatchObject({ role: "CARRIER", token: expect.any(String) });
    const user = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "newcomer@example.com" } });
    expect(user).toMatchObject({ role: "CARRIER", phoneNumber: "+14165550123" });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("log in", () => {
  it("checks the fields, then says 'Incorrect username or password'", async () => {
    const { page, context } = await openTab(world);
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();
    await loginThroughForm(page, "carl@example.com", "wrong-password");
    await formError(page).getByText("Incorrect username or password").waitFor();
    await expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it("takes an ADMIN to /admin/ila/load and a carrier to their active offers", async () => {
    const admin = await openTab(world);
    await loginThroughForm(admin.page, "ada@example.com", TEST_PASSWORD, { rememberMe: true });
    await admin.page.waitForURL("**/admin/ila/load");
    await admin.page.getByRole("heading", { name: "ILA / Load" }).waitFor();
    await expect(storedSession(admin.page)).resolves.toMatchObject({ role: "ADMIN" });
    const cookie = (await admin.context.cookies()).find((candidate) => candidate.name === "refreshToken");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 86_400);
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const carrier = await openTab(world);
    await loginThroughForm(carrier.page, "carl@example.com");
    await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
    await carrier.page
      .getByRole("navigation", { name: "Main navigation" })
      .getByText("History Wins")
      .waitFor();
    const session = (await carrier.context.cookies()).find((candidate) => candidate.name === "refreshToken");
    expect(session?.expires).toBe(-1);
    await carrier.context.close();
  });

  it("shows 'User already logged in' when the server refuses a second session", async () => {
    const first = await openTab(world);
    await loginThroughForm(first.page, "carl@example.com");
    await first.page.waitForURL("**/carrier/**");
    world.app.deps.config.sessionPolicy = "reject";
    try {
      const second = await openTab(world);
      await loginThroughForm(second.page, "carl@example.com");
      await formError(second.page).getByText("User already logged in").waitFor();
      await second.context.close();
    } finally {
      world.app.deps.config.sessionPolicy = "replace";
    }
    await first.context.close();
  });

  it("logs out through the user menu", async () => {
    const { page, context } = await openTab(world);
    await loginThroughForm(page, "carl@example.com");
    await page.waitForURL("**/carrier/**");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await expect(storedSession(page)).resolves.toEqual({ token: null, role: null });
    const carl = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "carl@example.com" } });
    const live = await world.app.deps.db.session.count({ where: { userId: carl.id, revokedAt: null } });
    expect(live).toBe(0);
    await page.goto("/carrier/my-profile");
    await page.waitForURL("**/login");
    await context.close();
  });
});

describe("forgot password", () => {
  it("e-mails a temporary password that then logs in", async () => {
    const { page, errors, context } = await openTab(world);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByRole("tab", { name: "Forgot Password" }).waitFor();
    await page.getByLabel("Email").fill("forgetful@example.com");
    await page.getByRole("button", { name: "send temporary passowrd" }).click();
    await page.waitForURL("**/login");
    await page.getByText("If that address has an account, a temporary password is on its way.").waitFor();
    // The server mails after answering (the answer must not tell whether the account exists).
    const [mail] = await mailsTo(world, "forgetful@example.com");
    const temporary = /Temporary password: (\S+)/.exec(mail ?? "")?.[1];
    expect(temporary).toBeTruthy();
    await loginThroughForm(page, "forgetful@example.com", temporary!);
    await page.waitForURL("**/carrier/carrier-portal/active-offers");

    await page.goto("/forgot-password");
    await page.waitForURL("**/carrier/carrier-portal/active-offers");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("goes back to login", async () => {
    const { page, context } = await openTab(world);
    await page.goto("/forgot-password");
    await page.getByRole("link", { name: "Back to Login" }).click();
    await page.waitForURL("**/login");
    await context.close();
  });

  it("keeps the e-mail typed on the login page there and back", async () => {
    const { page, context } = await openTab(world);
    await page.goto("/login");
    await page.getByLabel("Email").fill("typed@example.com");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/forgot-password");
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe("typed@example.com");
    await page.getByRole("link", { name: "Back to Login" }).click();
    await page.waitForURL("**/login");
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe("typed@example.com");
    await context.close();
  });

  it("signs in with the temporary password, changes it on My Profile, then signs in with the new one", async () => {
    await createUser(world.app, { email: "renewer@example.com" });
    const { page, errors, context } = await openTab(world);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("renewer@example.com");
    await page.getByRole("button", { name: "send temporary passowrd" }).click();
    await page.waitForURL("**/login");
    await settleBackgroundWork();
    // The address comes back filled in.
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe("renewer@example.com");
    const temporary = /Temporary password: (\S+)/.exec(
      (await mailsTo(world, "renewer@example.com"))[0] ?? "",
    )?.[1];
    expect(temporary).toBeTruthy();
    await loginThroughForm(page, "renewer@example.com", temporary!);
    await page.waitForURL("**/carrier/carrier-portal/active-offers");

    await page.goto("/carrier/my-profile");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByRole("textbox", { name: "Current password" }).fill(temporary!);
    await form.getByRole("textbox", { name: "New password", exact: true }).fill("short");
    await form.getByRole("textbox", { name: "Confirm new password" }).fill("short");
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("Password must be at least 8 characters.").waitFor();
    await form.getByRole("textbox", { name: "New password", exact: true }).fill("my-chosen-password");
    await form.getByRole("textbox", { name: "Confirm new password" }).fill("my-chosen-password");
    await form.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password was changed.", { exact: false }).waitFor();
    await expect(form.getByRole("textbox", { name: "Current password" }).inputValue()).resolves.toBe("");
    expect((await mailsTo(world, "renewer@example.com")).at(-1)).toMatch(/password was changed/);

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await loginThroughForm(page, "renewer@example.com", temporary!);
    await formError(page).getByText("Incorrect username or password").waitFor();
    await loginThroughForm(page, "renewer@example.com", "my-chosen-password");
    await page.waitForURL("**/carrier/carrier-portal/active-offers");
    expect(errors).toEqual([]);
    await context.close();
  });
});
