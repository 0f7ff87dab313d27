import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs, rest } from "../support/app.ts";
import {
  type BrowserWorld,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { bid, biddableLoad, openOffer } from "../support/offers.ts";

/** The offer screens at a 1366 px laptop: every column on screen, and what a folded or closed offer says. */
let world: BrowserWorld;
let admin: Tab;
let carrier: Tab;
let folded: string;
let open: string;
let closed: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Olga Ops" });
  await createUser(world.app, { email: "ray@example.com", fullName: "Ray Ramirez" });
  const ops = await loginAs(world.app, "ops@example.com");
  const ray = await loginAs(world.app, "ray@example.com");
  folded = (await biddableLoad(world.app, 48)).loadId;
  open = (await biddableLoad(world.app, 50)).loadId;
  closed = (await biddableLoad(world.app, 52)).loadId;
  const foldedOffer = await openOffer(world.app, ops.token, folded);
  await openOffer(world.app, ops.token, open);
  const closedOffer = await openOffer(world.app, ops.token, closed);
  expect((await bid(world.app, ray.token, foldedOffer._id, 1650)).status).toBe(201);
  expect(
    (await rest(world.app, "POST", `/bids/fold/${foldedOffer._id}`, undefined, { token: ray.token })).status,
  ).toBe(200);
  await world.app.deps.db.offer.update({
    where: { id: closedOffer._id },
    data: { roundEndsAt: new Date(Date.now() - 60_000) },
  });

  admin = await openTab(world);
  await loginThroughForm(admin.page, "ops@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
  carrier = await openTab(world);
  await loginThroughForm(carrier.page, "ray@example.com");
  await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
});
afterAll(async () => {
  expect(admin?.errors ?? []).toEqual([]);
  expect(carrier?.errors ?? []).toEqual([]);
  await world?.close();
});

/** How far the table sticks out of its scrolling frame (0: it fits). */
function tableOverflow(table: Locator): Promise<number> {
  return table.evaluate((element) => {
    const frame = element.parentElement as HTMLElement;
    return frame.scrollWidth - frame.clientWidth;
  });
}

/** Whether the element is inside the window and inside its table's visible frame. */
async function onScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  const frame = await element.evaluate((node) => {
    const container = node.closest("table")?.parentElement;
    const rect = container?.getBoundingClientRect();
    return rect ? { left: rect.left, right: rect.right } : null;
  });
  return Boolean(box && frame && box.x >= frame.left && box.x + box.width <= Math.min(frame.right, width));
}

/** How many lines an element's text takes. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

describe("Active Offers at 1366 px", () => {
  it("admin: the table fits its box; Actions and 'Select Winner' are on screen", async () => {
    const { page } = admin;
    await page.goto("/admin/carrier-portal/active-offers");
    const table = page.getByRole("table", { name: "Active offers" });
    await table.getByRole("row").filter({ hasText: open }).waitFor();
    await expect(tableOverflow(table)).resolves.toBe(0);
    await expect(onScreen(page, table.getByRole("columnheader", { name: "Actions" }))).resolves.toBe(true);
    const selectWinner = table
      .getByRole("row")
      .filter({ hasText: open })
      .getByRole("link", { name: "Select Winner" });
    await expect(onScreen(page, selectWinner)).resolves.toBe(true);
  });

  it("carrier: 'Place your bid' on one line, the Fold column on screen", async () => {
    const { page } = carrier;
    const table = page.getByRole("table", { name: "Active offers" });
    const row = table.getByRole("row").filter({ hasText: open });
    await row.waitFor();
    await expect(tableOverflow(table)).resolves.toBe(0);
    await expect(lineCount(row.getByRole("button", { name: `Place your bid on ${open}` }))).resolves.toBe(1);
    await expect(onScreen(page, row.getByRole("button", { name: "Fold" }))).resolves.toBe(true);
  });

  it("carrier: a folded bid says it was folded and offers a new bid, not 'change it'", async () => {
    const { page } = carrier;
    const row = page
      .getByRole("table", { name: "Active offers" })
      .getByRole("row")
      .filter({ hasText: folded });
    const myBid = row.getByRole("button", { name: /bid/i });
    const name = await myBid.getAttribute("aria-label");
    expect(name).not.toContain("change it");
    expect(name).toContain("withdrawn; place a new bid");
    await expect(myBid.textContent()).resolves.toContain("Folded");
  });

  it("carrier on a phone: the offers are cards, nothing sticks out sideways", async () => {
    const phone = await openTab(world, PHONE);
    await loginThroughForm(phone.page, "ray@example.com");
    await phone.page.getByRole("list", { name: "Active offers" }).getByText(open).waitFor();
    await expect(horizontalOverflow(phone.page)).resolves.toBeLessThanOrEqual(0);
    expect(phone.errors).toEqual([]);
  });
});

describe("Bidders of an offer whose round is over", () => {
  it("does not put a green 'active' chip beside Time's up", async () => {
    const { page } = admin;
    await page.goto(`/admin/carrier-portal/active-offers/${closed}/bidders`);
    await page.getByText("Time's up").first().waitFor();
    await expect(page.locator(".MuiChip-colorSuccess").count()).resolves.toBe(0);
    await expect(page.getByText("round over", { exact: true }).count()).resolves.toBe(1);
  });
});
