import type { Page, WebSocket } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyUser } from "../../server/notifications/service.ts";
import { createUser } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";

let world: BrowserWorld;
let carrierId: string;
let tab: Tab;

/** Resolves once the page's graphql-ws connection has sent its notificationAdded subscription. */
function subscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const watch = (socket: WebSocket) =>
      socket.on("framesent", (frame) => {
        if (typeof frame.payload === "string" && frame.payload.includes("notificationAdded")) resolve();
      });
    page.on("websocket", watch);
  });
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications, \d+ unread$/ });

async function waitForUnread(page: Page, count: number) {
  await page.getByRole("button", { name: `Notifications, ${count} unread` }).waitFor();
}

beforeAll(async () => {
  world = await startBrowserWorld();
  carrierId = (await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" })).id;
  tab = await openTab(world);
  const live = subscribed(tab.page);
  await loginThroughForm(tab.page, "carl@example.com");
  await tab.page.waitForURL("**/carrier/carrier-portal/active-offers");
  await live;
  // The server registers the subscription right after the frame arrives.
  await tab.page.waitForTimeout(300);
});
afterAll(async () => {
  expect(tab.errors).toEqual([]);
  await world?.close();
});

describe("notification bell", () => {
  it("starts empty", async () => {
    await waitForUnread(tab.page, 0);
    await bell(tab.page).click();
    await tab.page.getByText("No hay notificaciones nuevas").waitFor();
    await expectAccessible(tab.page, "notifications list");
    await tab.page.keyboard.press("Escape");
  });

  it("receives a notification without a reload and marks it read on click", async () => {
    const url = tab.page.url();
    await notifyUser(world.app.deps, {
      userId: carrierId,
      title: "Bid update",
      message: "Another carrier placed a lower bid on LD-2001.",
      type: "bid",
      bidStatus: "loser",
    });
    await waitForUnread(tab.page, 1);
    expect(tab.page.url()).toBe(url);
    await bell(tab.page).click();
    const item = tab.page.getByRole("button", { name: "Unread: Bid update" });
    await item.waitFor();
    await item.click();
    await tab.page.getByRole("button", { name: "Read: Bid update" }).waitFor();
    await tab.page.keyboard.press("Escape");
    await waitForUnread(tab.page, 0);
    const stored = await world.app.deps.db.notification.findFirstOrThrow({ where: { userId: carrierId } });
    expect(stored.isRead).toBe(true);
  });

  it("opens 'Congratulations! Your Bid Was Accepted' for a win and continues to confirm details", async () => {
    await notifyUser(world.app.deps, {
      userId: carrierId,
      title: "You won LD-3003",
      message: "Your bid was accepted.",
      type: "bid",
      bidStatus: "winner",
      details: {
        loadId: "LD-3003",
        originCity: "Dallas",
        originState: "TX",
        destinationCity: "Tulsa",
        destinationState: "OK",
        distance: 257,
        equipmentType: "Dry Van",
        bidAmount: 1250,
        startDateTime: "2026-12-01T14:00:00.000Z",
      },
    });
    await waitForUnread(tab.page, 1);
    await bell(tab.page).click();
    await tab.page.getByRole("button", { name: "Unread: You won LD-3003" }).click();
    const dialog = tab.page.getByRole("dialog", { name: "Congratulations! Your Bid Was Accepted" });
    await dialog.waitFor();
    await dialog.getByText("Dallas, TX").waitFor();
    await dialog.getByText("$1,250.00").waitFor();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await tab.page.waitForURL("**/carrier/carrier-portal/confirm-details/LD-3003");
    await waitForUnread(tab.page, 0);
    await tab.page.getByRole("heading", { name: "Confirm Details for Load #LD-3003" }).waitFor();
  });

  it("marks everything read at once", async () => {
    for (const title of ["One", "Two"]) {
      await notifyUser(world.app.deps, {
        userId: carrierId,
        title,
        message: `${title} message`,
        type: "bid",
      });
    }
    await waitForUnread(tab.page, 2);
    await bell(tab.page).click();
    await tab.page.getByRole("button", { name: "Mark all as read" }).click();
    await tab.page.getByRole("button", { name: "Read: Two" }).waitFor();
    await tab.page.keyboard.press("Escape");
    await waitForUnread(tab.page, 0);
  });
});
