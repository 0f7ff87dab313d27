import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { createUser, loginAs } from "../support/app.ts";
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
 * Tender acceptance on both sides: the winning carrier, on its phone, reads the rate confirmation
 * and accepts by typing its full name; the operator's load detail shows "Accepted" live.
 */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
let loadId = "";

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Ops Admin" });
  const ops = await loginAs(world.app, "ops@example.com");
  const { load, winner } = await awardedLoad(world.app, ops.token, 1450);
  loadId = load.loadId;

  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world, PHONE);
  await loginThroughForm(carrier.page, winner.user.email);
  await carrier.page.waitForURL("**/carrier/**");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(carrier.errors).toEqual([]);
  await world?.close();
});

describe("tender", () => {
  it("lets the winner accept by typing the full name; the operator sees 'Accepted' without a reload", async () => {
    await admin.page.goto(`/admin/ila/load/${loadId}`);
    const operatorCard = admin.page.getByRole("region", { name: "Tender" });
    await operatorCard.getByText("Pending").waitFor();
    await operatorCard.getByRole("button", { name: "Decline for the carrier" }).waitFor();
    await expectAccessible(admin.page, "load detail with a pending tender");

    const { page } = carrier;
    await page.goto(`/carrier/carrier-portal/confirm-details/${loadId}`);
    const card = page.getByRole("region", { name: "Tender" });
    await card.getByText("Pending").waitFor();
    await card
      .getByRole("timer")
      .getByText(/left\)$/)
      .waitFor();
    await card.getByText("$1,450.00", { exact: false }).waitFor();
    await card.getByRole("button", { name: "Download rate confirmation (PDF)" }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "carrier tender card");

    // The decline dialog opens and closes from the keyboard, changing nothing.
    await card.getByRole("button", { name: "Decline" }).click();
    await page.getByRole("dialog", { name: "Decline tender" }).waitFor();
    await expectAccessible(page, "decline tender dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    const name = card.getByRole("textbox", { name: "Full name" });
    await name.fill("J");
    await card.getByRole("button", { name: "Accept tender" }).click();
    await card.getByText(OFFER_MESSAGES.signatureTooShort).waitFor();
    await name.fill("Carla Carrier");
    await name.press("Enter");
    await card.getByRole("status").getByText(OFFER_MESSAGES.tenderAccepted).waitFor();
    await card.getByText("Accepted").first().waitFor();
    await card.getByText("Carla Carrier").waitFor();
    await expect(card.getByRole("textbox", { name: "Full name" }).count()).resolves.toBe(0);

    await operatorCard.getByText("Accepted").waitFor();
    await operatorCard.getByText("Carla Carrier").waitFor();
    await expect(operatorCard.getByRole("button", { name: "Decline for the carrier" }).count()).resolves.toBe(
      0,
    );
    const tender = await world.app.deps.db.tender.findFirstOrThrow({
      where: { offer: { load: { loadId } } },
    });
    expect(tender).toMatchObject({ status: "accepted", signerName: "Carla Carrier" });
  });
});
