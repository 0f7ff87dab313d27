import type { Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_ENDED_CODE } from "../../server/graphql/socket-sessions.ts";
import { EVENTS_MISSED_CODE } from "../../server/graphql/ws-server.ts";
import { createUser, loginAs } from "../support/app.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { createCarrierAs } from "../support/carriers.ts";

let world: BrowserWorld;
let admin: Tab;
/** The page's live sockets, each routed to the real server (the test can close one as the server would). */
const sockets: WebSocketRoute[] = [];

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  await createUser(world.app, { email: "ops@example.com", role: "ADMIN", fullName: "Otto Ops" });
  await createUser(world.app, { email: "carl@example.com", fullName: "Carl Carrier" });
  admin = await openTab(world);
  await admin.page.routeWebSocket(/\/graphql$/, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  await world?.close();
});

const carrierNames = (page: Page) =>
  page.getByTestId("carrier-row").locator("td:first-child a").allTextContents();

describe("after a gap in live updates", () => {
  it("fetches the screen again when the live connection is back, without a reload", async () => {
    const token = (await loginAs(world.app, "ops@example.com")).token;
    const carrier = await createCarrierAs(world.app, token, 1, { carrierName: "Alpha Freight" });
    const page = admin.page;
    await page.goto("/admin/ila/carriers");
    await expect.poll(() => carrierNames(page), { timeout: 10_000 }).toEqual(["Alpha Freight"]);
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const openedBefore = sockets.length;

    // A change whose event this screen never hears (as when Redis was unreachable).
    await world.app.deps.db.carrier.update({
      where: { carrierId: carrier.carrierId },
      data: { carrierName: "Beta Freight" },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await carrierNames(page)).toEqual(["Alpha Freight"]);

    // What the server does once Redis is back: it ends the socket with 4205.
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => navigations.push(frame.url()));
    await sockets[sockets.length - 1].close({
      code: EVENTS_MISSED_CODE,
      reason: "Live updates were interrupted",
    });
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(openedBefore);
    await expect.poll(() => carrierNames(page), { timeout: 15_000 }).toEqual(["Beta Freight"]);
    expect(navigations).toEqual([]);
  });
});

describe("a sign-out while the live connection is being made", () => {
  it("raises no page error when the server then refuses that connection", async () => {
    const carrier = await openTab(world);
    // The carrier's first rows subscribe at once; their socket gets no answer until the test closes it.
    const held: WebSocketRoute[] = [];
    await carrier.page.routeWebSocket(/\/graphql$/, (socket) => void held.push(socket));
    await loginThroughForm(carrier.page, "carl@example.com");
    await carrier.page.waitForURL("**/carrier/carrier-portal/active-offers");
    await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await carrier.page.getByRole("button", { name: "Account menu for Carl Carrier" }).click();
    await carrier.page.getByRole("menuitem", { name: "Logout" }).click();
    await carrier.page.waitForURL("**/login");
    // The server's answer to a socket whose session has ended.
    for (const socket of held) {
      await socket.close({ code: SOCKET_ENDED_CODE, reason: "Sign in to open a live connection" });
    }
    await carrier.page.getByLabel("Email").waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(carrier.errors).toEqual([]);
    await carrier.context.close();
  });
});
