import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED_MESSAGE } from "../../common/workspace.ts";
import { createUser, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  liveConnectionAcknowledged,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { invitationTokenFor } from "../support/outbox.ts";

let world: BrowserWorld;
let admin: Tab;
let opsToken: string;

beforeAll(async () => {
  world = await startBrowserWorld({ carrierApproval: "required" });
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
  opsToken = (await loginAs(world.app, "ops@example.com")).token;
  admin = await openTab(world);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

async function openWorkspace(page: Page, query = "") {
  await page.goto(`/workspace-control${query}`);
  await page.getByRole("heading", { name: "Workspace Control", exact: true }).waitFor();
}

const userRow = (page: Page, email: string) => page.getByTestId(`user-row-${email}`);

describe("Workspace Control", () => {
  it("invites a carrier user who accepts, sets a password and lands signed in", async () => {
    const { page } = admin;
    await openWorkspace(page);
    await page.getByRole("table", { name: "Users" }).waitFor();
    await expectAccessible(page, "workspace users");
    await page.getByRole("button", { name: "Invite user" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite user" });
    await dialog.getByRole("textbox", { name: "Email" }).fill("newbie@example.com");
    await dialog.getByRole("textbox", { name: "Full name" }).fill("Nina Newbie");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Invitation sent to newbie@example.com").waitFor();
    await page.getByTestId("invitation-newbie@example.com").waitFor();

    const token = await invitationTokenFor(world, "newbie@example.com");
    const invitee = await openTab(world);
    try {
      await invitee.page.goto(`/invitation/${token}`);
      await invitee.page.getByText("newbie@example.com").waitFor();
      await invitee.page.getByRole("textbox", { name: "Password", exact: true }).fill("my own secret 9");
      await invitee.page.getByRole("textbox", { name: "Confirm password" }).fill("my own secret 9");
      await invitee.page.getByRole("button", { name: "Set password and sign in" }).click();
      await invitee.page.waitForURL("**/carrier/carrier-portal/active-offers");
      // the link is spent
      await invitee.page.goto(`/invitation/${token}`);
      await invitee.page.getByText("This invitation link is not valid any more").waitFor();
      expect(invitee.errors).toEqual([]);
    } finally {
      await invitee.context.close();
    }
    await page.reload();
    await userRow(page, "newbie@example.com").waitFor();
    expect(await page.getByTestId("invitation-newbie@example.com").count()).toBe(0);
  });

  it("disables a signed-in user: their tab is signed out and sign-in is refused with a clear message", async () => {
    await createUser(world.app, { email: "leaver@example.com", fullName: "Lee Leaver" });
    const leaver = await openTab(world);
    try {
      const leaverIsLive = liveConnectionAcknowledged(leaver.page);
      await loginThroughForm(leaver.page, "leaver@example.com");
      await leaver.page.waitForURL("**/carrier/carrier-portal/active-offers");
      await leaverIsLive;

      const { page } = admin;
      await openWorkspace(page, "?search=leaver");
      const row = userRow(page, "leaver@example.com");
      await row.waitFor();
      await row.getByRole("button", { name: "Disable" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Disable account" }).click();
      await row.getByText("Disabled", { exact: true }).waitFor();

      // The server ends the tab's live connection; the tab asks why and shows it, with no click.
      const ended = leaver.page.getByRole("dialog", { name: "Session ended" });
      await ended.waitFor();
      await leaver.page.waitForURL("**/login", { timeout: 10_000 });
      await leaver.page
        .getByRole("dialog", { name: "Session ended" })
        .getByRole("button", { name: "OK" })
        .click();
      await loginThroughForm(leaver.page, "leaver@example.com");
      await leaver.page.getByText(ACCOUNT_DISABLED_MESSAGE).waitFor();

      await row.getByRole("button", { name: "Re-enable" }).click();
      await row.getByText("Active", { exact: true }).waitFor();
    } finally {
      await leaver.context.close();
    }
  });

  it("approves a pending carrier with a note; the carrier is notified", async () => {
    const signed = await rest(world.app, "POST", "/auth/register", {
      email: "fresh@example.com",
      password: "fresh secret 1",
      confirmPassword: "fresh secret 1",
      phoneNumber: "+12015550123",
    });
    expect(signed.status).toBe(201);
    const carrier = await openTab(world);
    await loginThroughForm(carrier.page, "fresh@example.com", "fresh secret 1");
    await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
    await carrier.page.getByTestId("approval-banner").getByText("waiting for approval").waitFor();
    const { page } = admin;
    await openWorkspace(page, "?tab=vetting");
    const card = page.getByTestId("vetting-fresh@example.com");
    await card.waitFor();
    await card.getByRole("button", { name: "Reject" }).click();
    await card.getByText("Say why the carrier is rejected.").waitFor();
    await card.getByRole("textbox", { name: "Note" }).fill("Insurance certificate checked");
    await card.getByRole("button", { name: "Approve" }).click();
    await page.getByText("fresh@example.com approved; the carrier was told.").waitFor();
    await card.waitFor({ state: "detached" });
    const user = await world.app.deps.db.user.findUniqueOrThrow({ where: { email: "fresh@example.com" } });
    expect(user.approvalStatus).toBe("approved");
    expect(await world.app.deps.db.notification.count({ where: { userId: user.id } })).toBe(1);
    await carrier.page.reload();
    await carrier.page.getByRole("button", { name: /notifications/i }).waitFor();
    expect(await carrier.page.getByTestId("approval-banner").count()).toBe(0);
    expect(carrier.errors).toEqual([]);
    await carrier.context.close();
  });

  it("filters the audit log and shows a carrier's History", async () => {
    const carrier = await createCarrierAs(world.app, opsToken, 1);
    await rest(
      world.app,
      "PATCH",
      `/carriers/${carrier.carrierId}`,
      { carrierName: "Audited Lines" },
      { token: opsToken },
    );
    const { page } = admin;
    await openWorkspace(page, "?tab=audit");
    await page.getByRole("table", { name: "Audit log" }).waitFor();
    await page.getByRole("combobox", { name: "Entity" }).click();
    await page.getByRole("option", { name: "Carrier", exact: true }).click();
    await page.waitForURL(/entityType=Carrier/);
    await expect
      .poll(() => page.getByTestId("audit-row").locator("td:nth-child(3)").allTextContents(), {
        timeout: 10_000,
      })
      .toEqual(["carrier.update", "carrier.create"]);
    await page.getByText("Carrier 1 Freight").first().waitFor();
    await page.getByRole("link", { name: "Audited Lines (CAR-000001)" }).first().click();
    await page.waitForURL("**/admin/ila/carriers/CAR-000001");
    await page.getByRole("button", { name: "History" }).click();
    await expect.poll(() => page.getByTestId("history-entry").count(), { timeout: 10_000 }).toBe(2);
    await page.getByTestId("history-entry").first().getByText("carrier.update · ops@example.com").waitFor();
  });

  it("fits a 390 px phone", async () => {
    const phone = await openTab(world, PHONE);
    try {
      await createUser(world.app, { email: "pat@example.com", role: "ADMIN" });
      await loginThroughForm(phone.page, "pat@example.com");
      await phone.page.waitForURL("**/admin/ila/load");
      for (const tab of ["", "?tab=vetting", "?tab=waitlist", "?tab=audit"]) {
        await openWorkspace(phone.page, tab);
        await phone.page.waitForLoadState("networkidle");
        expect(await horizontalOverflow(phone.page), tab).toBeLessThanOrEqual(0);
      }
      // Under 600 px the users are cards (the one table's phone layout), with their count.
      await openWorkspace(phone.page, "");
      await phone.page.getByRole("list", { name: "Users" }).getByRole("listitem").first().waitFor();
      await phone.page.getByTestId("page-range").waitFor();
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
