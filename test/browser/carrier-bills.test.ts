import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayText } from "../../common/billing.ts";
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
import { awardedLoad } from "../support/offers.ts";

/**
 * Issue #28 on screen: the winning carrier, on its phone, asks quick pay on its bill in "My Bills"
 * and reads the fee and the new payment date; an operator confirms the TONU proposed on the bill
 * of a cancelled covered load.
 */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
let quickBill = "";
let tonuBill = "";

const DAY_MS = 86_400_000;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops Admin" });
  const ops = await loginAs(world.app, "ops@example.com");
  const paid = await awardedLoad(world.app, ops.token, 1200);
  quickBill = (
    await world.app.deps.db.bill.findFirstOrThrow({ where: { load: { loadId: paid.load.loadId } } })
  ).billNumber;
  const cancelled = await awardedLoad(world.app, ops.token, 1300);
  const put = await rest(
    world.app,
    "PUT",
    `/loads/${cancelled.load.loadId}`,
    { status: "cancelled" },
    { token: ops.token },
  );
  expect(put.status).toBe(200);
  const proposed = await world.app.deps.db.bill.findFirstOrThrow({
    where: { load: { loadId: cancelled.load.loadId } },
  });
  expect(proposed.tonuProposedCents).not.toBeNull();
  tonuBill = proposed.billNumber;

  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world, PHONE);
  await loginThroughForm(carrier.page, paid.winner.user.email);
  await carrier.page.waitForURL("**/carrier/**");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(carrier.errors).toEqual([]);
  await world?.close();
});

describe("carrier bills", () => {
  it("lets the carrier request quick pay on a bill and shows the fee, the net and the new payment date", async () => {
    const { page } = carrier;
    await page.goto("/carrier/carrier-portal/my-bills");
    const card = page.getByRole("listitem", { name: quickBill });
    await card.getByText("$1,200.00").waitFor();
    await card.getByText("Quick pay available").waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "carrier my bills");

    // The dialog states the terms and closes from the keyboard, changing nothing.
    await card.getByRole("button", { name: "Request quick pay" }).click();
    const dialog = page.getByRole("dialog", { name: `Request quick pay for ${quickBill}` });
    await dialog.getByText("a fee of 2% of the amount", { exact: false }).waitFor();
    await dialog.getByText("2 days from today", { exact: false }).waitFor();
    await expectAccessible(page, "quick pay dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const before = await world.app.deps.db.bill.findFirstOrThrow({ where: { billNumber: quickBill } });
    expect(before.quickPayAt).toBeNull();

    await card.getByRole("button", { name: "Request quick pay" }).click();
    await dialog.getByRole("button", { name: "Request quick pay" }).click();
    await dialog.waitFor({ state: "hidden" });
    await card.getByText("fee 2% ($24.00), net $1,176.00", { exact: false }).waitFor();
    expect(await card.getByRole("button", { name: "Request quick pay" }).count()).toBe(0);

    const after = await world.app.deps.db.bill.findFirstOrThrow({ where: { billNumber: quickBill } });
    expect(after.paymentDate.getTime()).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS);
    await card.getByTestId("my-bill-payment-date").getByText(dayText(after.paymentDate)).waitFor();
  });

  it("lets an operator confirm a cancelled load's TONU with an edited amount", async () => {
    const { page } = admin;
    await page.goto(`/admin/ila/billing/accounts-payable/${tonuBill}`);
    const section = page.getByRole("region", { name: "TONU proposed" });
    const amount = section.getByRole("textbox", { name: "TONU amount" });
    await amount.waitFor();
    expect(await amount.inputValue()).toBe("150.00");
    await expectAccessible(page, "bill detail with a TONU proposal");

    await amount.fill("abc");
    await section.getByRole("button", { name: "Confirm TONU" }).click();
    await section.locator('input[aria-invalid="true"]').waitFor();
    const untouched = await world.app.deps.db.bill.findFirstOrThrow({ where: { billNumber: tonuBill } });
    expect(untouched.tonuProposedCents).not.toBeNull();

    await amount.fill("175");
    await section.getByRole("button", { name: "Confirm TONU" }).click();
    await page
      .getByRole("status")
      .getByText("TONU confirmed: the bill is now one TONU line of $175.00.")
      .waitFor();
    const decided = await world.app.deps.db.bill.findFirstOrThrow({ where: { billNumber: tonuBill } });
    expect(decided.tonuProposedCents).toBeNull();
    expect(decided.amountCents).toBe(17_500);
    await expectAccessible(page, "bill detail after a TONU decision");
  });
});
