import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

let smtp: TestSmtpServer;
let world: BrowserWorld;
let admin: Tab;
let adminToken: string;

/** Waits until the worker has settled the e-mail to `to` in `status`. */
async function settled(to: string, status: string): Promise<void> {
  const started = Date.now();
  while ((await world.app.deps.db.outboundEmail.findFirst({ where: { to } }))?.status !== status) {
    if (Date.now() - started > 10_000) throw new Error(`the e-mail to ${to} never became ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function invite(email: string): Promise<void> {
  const invited = await rest(
    world.app,
    "POST",
    "/admin/invitations",
    { email, role: "CARRIER" },
    { token: adminToken },
  );
  expect(invited.status).toBe(201);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  world = await startBrowserWorld({
    smtpUrl: smtp.url(),
    // One attempt each: a refused e-mail is failed at once, waiting for an operator.
    mailOutbox: {
      retryBaseMs: 60_000,
      maxAttempts: 1,
      pollMs: 1_000,
      leaseMs: 60_000,
      retentionMs: 30 * 24 * 3600_000,
    },
  });
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  adminToken = (await loginAs(world.app, "ada@example.com")).token;
  smtp.refuseNext = 1;
  await invite("bounced@example.com");
  await settled("bounced@example.com", "failed");
  await invite("arrived@example.com");
  await settled("arrived@example.com", "sent");
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin?.errors).toEqual([]);
  await world?.close();
  await smtp?.close();
});

const row = (page: Page, to: string) => page.getByTestId(`outbox-${to}`);

async function openOutbox(page: Page): Promise<void> {
  await page.goto("/support-hub");
  await page.getByRole("heading", { name: "Support Hub", exact: true }).waitFor();
  await page.getByRole("tab", { name: "Outgoing e-mail" }).click();
  await page.waitForURL("**/support-hub?tab=outbox");
}

describe("Support Hub: outgoing e-mail", () => {
  it("lists the outbox newest first with status, attempts and the last error", async () => {
    const { page } = admin;
    await openOutbox(page);
    const table = page.getByRole("table", { name: "Outgoing e-mail" });
    await table.waitFor();
    const bounced = row(page, "bounced@example.com");
    await bounced.getByText("Failed", { exact: true }).waitFor();
    await bounced.getByText(/451 Mailbox busy/).waitFor();
    await bounced.getByText("Invitation", { exact: true }).waitFor();
    await row(page, "arrived@example.com").getByText("Sent", { exact: true }).waitFor();
    expect(
      await row(page, "arrived@example.com")
        .getByRole("button", { name: /Retry now/ })
        .count(),
    ).toBe(0);
    const recipients = await table
      .locator("tbody tr")
      .evaluateAll((rows) => rows.map((tr) => tr.getAttribute("data-testid")));
    expect(recipients).toEqual(["outbox-arrived@example.com", "outbox-bounced@example.com"]);
    await page.getByTestId("failed-email-count").getByText("1 failed").waitFor();
    await expectAccessible(page, "support hub outbox");
  });

  it("filters by status and says so when nothing matches", async () => {
    const { page } = admin;
    await openOutbox(page);
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Failed" }).click();
    await page.waitForURL("**/support-hub?tab=outbox&status=failed");
    await expect.poll(() => page.locator("[data-testid^='outbox-']").count()).toBe(1);
    await row(page, "bounced@example.com").waitFor();
    await page.getByRole("searchbox", { name: "Search outgoing e-mail" }).fill("nobody");
    await page.getByText("No e-mails here.").waitFor();
  });

  it("retries a failed e-mail: the row follows it to Sent", async () => {
    const { page } = admin;
    await openOutbox(page);
    const bounced = row(page, "bounced@example.com");
    await bounced
      .getByRole("button", { name: "Retry now: You are invited to Freightway to bounced@example.com" })
      .click();
    await page.getByText("The e-mail to bounced@example.com is being sent again.").waitFor();
    await bounced.getByText("Sent", { exact: true }).waitFor({ timeout: 10_000 });
    await bounced.getByText("2", { exact: true }).waitFor();
    expect(smtp.received.map((mail) => mail.to[0])).toContain("bounced@example.com");
    expect(await page.getByTestId("failed-email-count").count()).toBe(0);
  });

  it("fits a phone: each e-mail is a card and nothing scrolls sideways", async () => {
    const phone = await openTab(world, PHONE);
    try {
      await loginThroughForm(phone.page, "ada@example.com");
      await phone.page.waitForURL("**/admin/ila/load");
      await phone.page.goto("/support-hub?tab=outbox");
      await row(phone.page, "bounced@example.com").waitFor();
      expect(await phone.page.getByRole("table", { name: "Outgoing e-mail" }).count()).toBe(0);
      await expect(horizontalOverflow(phone.page)).resolves.toBeLessThanOrEqual(0);
      await expectAccessible(phone.page, "support hub outbox on a phone");
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
