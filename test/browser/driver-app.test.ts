import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createUser, rest, TEST_PASSWORD } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { acceptedLoad } from "../support/offers.ts";

/**
 * The driver PWA (issue #30) on a phone: a dispatched load's trip link opens the trip; emulated
 * geolocation moves along the road and the positions reach the server; offline, the driver checks
 * in and takes a proof of delivery (photo + drawn signature); back online everything syncs in order
 * with the times it happened. The service worker serves the shell offline and the manifest passes
 * Chromium's installability check.
 */
let world: BrowserWorld;
let accounts: Awaited<ReturnType<typeof adminAndCarrier>>;
let loadId: string;
let winnerEmail: string;
let tripToken: string;
let driver: { context: BrowserContext; page: Page; errors: string[] };
let profileDir: string | undefined;
let operator: Tab | undefined;

/** South-west of Chicago, away from both stops' geofences (200 m). */
const START = { latitude: 41.8, longitude: -87.75 };
/** About 61 m north per step: one step every 1.5 s is ~90 mph, under the 120 mph the server allows. */
const STEP_DEGREES = 0.00055;
const STEP_MS = 1_500;

beforeAll(async () => {
  world = await startBrowserWorld();
  accounts = await adminAndCarrier(world.app);
  const { load, winner } = await acceptedLoad(world.app, accounts.adminSession.token);
  loadId = load.loadId;
  winnerEmail = winner.user.email;
  const joliet = await world.app.deps.db.nassCode.create({
    data: {
      code: `JOL-${Date.now()}`,
      facilityName: "Joliet DC",
      city: "Joliet",
      state: "IL",
      zip: "60436",
      latitude: 41.525,
      longitude: -88.0817,
    },
  });
  await world.app.deps.db.loadStop.create({
    data: { loadId: load.id, sequence: 2, type: "delivery", nassCodeId: joliet.id },
  });
  await world.app.deps.db.load.update({ where: { id: load.id }, data: { referenceNumber: "PO-7781" } });
  const dispatched = await rest<{ tripUrl: string }>(
    world.app,
    "POST",
    `/loads/${loadId}/dispatch`,
    { driverName: "Dana Driver", driverPhone: "(201) 555-0142", truckNumber: "TR-7" },
    { token: winner.session.token },
  );
  expect(dispatched.status).toBe(200);
  tripToken = /\/driver\/trip\/([\w-]+)$/.exec(dispatched.body.tripUrl)?.[1] ?? "";
  expect(tripToken).not.toBe("");

  // A persistent profile, as a phone's browser is: Chromium never offers to install from incognito.
  profileDir = await mkdtemp(join(tmpdir(), "driver-phone-"));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    baseURL: world.baseUrl,
    permissions: ["geolocation"],
    geolocation: { ...START, accuracy: 10 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const text = message.text();
    // Offline, the browser logs the requests it could not make: expected here.
    if (
      message.type() === "error" &&
      !text.startsWith("Failed to load resource") &&
      !text.includes("ERR_INTERNET_DISCONNECTED")
    ) {
      errors.push(text);
    }
  });
  driver = { context, page, errors };
});

afterAll(async () => {
  expect(driver?.errors ?? []).toEqual([]);
  expect(operator?.errors ?? []).toEqual([]);
  await operator?.context.close();
  await driver?.context.close();
  await world?.close();
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
});

const queueLength = (page: Page) => page.getByTestId("queue-length").first().textContent();

async function stopOf(sequence: number) {
  return world.app.deps.db.loadStop.findFirstOrThrow({
    where: { load: { loadId }, sequence },
  });
}

async function moveAlong(context: BrowserContext, from: number, steps: number) {
  for (let step = from; step < from + steps; step++) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    await context.setGeolocation({
      latitude: START.latitude + step * STEP_DEGREES,
      longitude: START.longitude,
      accuracy: 10,
    });
  }
}

describe("the driver app on a phone", () => {
  it("refuses a wrong trip link with a clear page and no data", async () => {
    const page = await driver.context.newPage();
    await page.goto("/driver/trip/not-a-real-trip-token");
    await page.getByRole("heading", { name: "This trip link does not work" }).waitFor();
    expect(await page.getByTestId("trip-link-error").textContent()).toMatch(/wrong, expired or was revoked/);
    expect(await page.getByText(loadId).count()).toBe(0);
    await expectAccessible(page, "driver: invalid trip link");
    await page.close();
  });

  it("opens the trip link: the next stop first, stops in order with appointment and navigation", async () => {
    const { page } = driver;
    await page.goto(`/driver/trip/${tripToken}`);
    await page.getByTestId("trip-title").waitFor();
    expect(await page.getByTestId("trip-title").textContent()).toBe(`Load ${loadId}`);
    const cards = page.locator("article.stop");
    expect(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid")))).toEqual(
      ["stop-1", "stop-2"],
    );
    const pickup = page.getByTestId("stop-1");
    expect(await pickup.getByRole("heading").textContent()).toBe("Chicago P&DC");
    expect(await pickup.getByRole("link", { name: /Navigate/ }).getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=41\.8745%2C-87\.6417$/,
    );
    expect(await page.getByTestId("trip-reference").textContent()).toBe("PO-7781");
    // The service worker takes over the shell.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expectAccessible(page, "driver: trip");
    // One hand: every control is at least 48 px tall and the page never scrolls sideways.
    const small = await page.locator("button, a.button, summary, input[type=checkbox]").evaluateAll((nodes) =>
      nodes
        .filter((node) => (node as HTMLElement).offsetParent !== null)
        .map((node) => ({ text: node.textContent, height: node.getBoundingClientRect().height }))
        .filter((box) => box.height < 48),
    );
    expect(small.filter((box) => box.text !== "")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("shows the operator's change of the trip live: a new appointment without a reload", async () => {
    const { page } = driver;
    // The trip's subscription is sent once the socket opens: the change must come after it.
    const subscribed = new Promise<void>((resolve) => {
      page.on("websocket", (socket) =>
        socket.on("framesent", (frame) => {
          if (String(frame.payload).includes("driverTripChanged")) resolve();
        }),
      );
    });
    await page.goto(`/driver/trip/${tripToken}`);
    await page.getByTestId("trip-title").waitFor();
    await subscribed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await page.evaluate(() => {
      (window as { unreloaded?: boolean }).unreloaded = true;
    });
    const appointment = page.getByTestId("stop-1").getByTestId("appointment");
    expect(await appointment.textContent()).not.toContain("06/10/2027");

    const stops = await world.app.deps.db.loadStop.findMany({
      where: { load: { loadId } },
      include: { nassCode: true },
      orderBy: { sequence: "asc" },
    });
    const edited = await rest(
      world.app,
      "PUT",
      `/loads/${loadId}`,
      {
        stops: stops.map((stop) => ({
          sequence: stop.sequence,
          type: stop.type,
          nass: stop.nassCode?.code,
          ...(stop.sequence === 1
            ? { appointmentFrom: "2027-06-10T14:00:00Z", appointmentTo: "2027-06-10T16:00:00Z" }
            : {}),
        })),
      },
      { token: accounts.adminSession.token },
    );
    expect(edited.status).toBe(200);
    // On the pickup's clock (Chicago, daylight time), pushed over driverTripChanged.
    await expect
      .poll(() => appointment.textContent(), { timeout: 10_000 })
      .toBe("06/10/2027 09:00 CDT – 11:00 CDT");
    expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
  });

  it("passes Chromium's installability check (manifest, icons, service worker)", async () => {
    const page = await driver.context.newPage();
    await page.goto("/driver");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const devtools = await driver.context.newCDPSession(page);
    const { installabilityErrors } = (await devtools.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await page.request.get("/driver.webmanifest")).json()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({ start_url: "/driver", display: "standalone", theme_color: "#0b1220" });
    await devtools.detach();
    await page.close();
  });

  it("shares the location once the driver agrees: positions batched every 500 m reach the server and move the operator's map live", async () => {
    const { page, context } = driver;
    // The operator watches the tracking list: the trip's route is not on it before its first position.
    // Another operator: signing in on the web replaces that user's web session, the test's admin token.
    await createUser(world.app, { email: "olive@example.com", role: "ADMIN", fullName: "Olive Operator" });
    operator = await openTab(world);
    const admin = operator.page;
    await loginThroughForm(admin, "olive@example.com");
    await admin.waitForURL((url) => !url.pathname.startsWith("/login"));
    await admin.goto("/admin/ila/tracking");
    await admin.getByTestId("fleet-map").waitFor();
    const routeNumber = `TRIP-${loadId}`;
    const row = admin.getByTestId(`tracking-row-${routeNumber}`);
    expect(await row.count()).toBe(0);
    // Set once: a reload of the operator's page would lose it.
    await admin.evaluate(() => {
      (window as { unreloaded?: boolean }).unreloaded = true;
    });

    await page.goto(`/driver/trip/${tripToken}`);
    await page.getByRole("button", { name: "Share location" }).click();
    await page.getByRole("button", { name: "Stop sharing" }).waitFor();
    await moveAlong(context, 1, 10);
    await expect
      .poll(() => page.getByTestId("last-sent").first().textContent(), { timeout: 20_000 })
      .toMatch(/^\d{2}:\d{2}:\d{2}$/);
    // The 500 m batch holds what was read by then; on a busy machine the phone reads fewer points
    // before it, and the rest go with the 30 s batch.
    await expect.poll(() => driverPositions(), { timeout: 40_000 }).toBeGreaterThanOrEqual(5);

    // Tracked from dispatch: the route shows up on the open list with the driver's name.
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain("Dana Driver");
    expect(await row.textContent()).toContain(loadId);
    await row.getByRole("link", { name: routeNumber }).click();
    const truck = admin.locator(".leaflet-marker-icon", { has: admin.getByTestId("truck-marker") });
    await truck.waitFor();
    // Zoomed in on the truck (18), a 61 m step moves its marker by well over a hundred pixels.
    // (Again until it takes: a click while the map still settles after loading can be lost.)
    await expect
      .poll(
        async () => {
          await admin.getByTestId("truck-marker").dispatchEvent("click");
          await new Promise((resolve) => setTimeout(resolve, 500));
          return admin.locator(".leaflet-container").first().getAttribute("data-zoom");
        },
        { timeout: 15_000 },
      )
      .toBe("18");
    const before = await truck.evaluate((icon) => icon.getBoundingClientRect().top);
    const pickup = admin.locator(".leaflet-marker-icon", { has: admin.getByTestId("stop-marker-1") });
    const pickupBefore = await pickup.evaluate((icon) => icon.getBoundingClientRect().top);

    await moveAlong(context, 11, 10);
    // North on the screen (up), the stops staying where they were: the truck moved, not the map.
    await admin.waitForFunction(
      ({ top }) => {
        const icon = document.querySelector('[data-testid="truck-marker"]')?.closest(".leaflet-marker-icon");
        return icon ? icon.getBoundingClientRect().top < top - 50 : false;
      },
      { top: before },
      { timeout: 30_000 },
    );
    expect(await pickup.evaluate((icon) => icon.getBoundingClientRect().top)).toBe(pickupBefore);
    expect(await admin.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
  }, 150_000);

  it("lets a carrier user sign in (platform mobile) and open a trip from the list", async () => {
    const context = await world.browser.newContext({
      viewport: { width: 360, height: 740 },
      baseURL: world.baseUrl,
    });
    const page = await context.newPage();
    await page.goto("/driver");
    await page.getByLabel("Email").fill(winnerEmail);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Your trips" }).waitFor();
    await expectAccessible(page, "driver: trips list");
    await page.getByRole("link", { name: new RegExp(loadId) }).click();
    await page.getByTestId("trip-title").waitFor();
    expect(new URL(page.url()).pathname).toBe(`/driver/trips/${loadId}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it("offline: checks in and takes a POD; back online everything syncs in order with the original times", async () => {
    const { page, context } = driver;
    await page.goto(`/driver/trip/${tripToken}`);
    await page.getByTestId("trip-title").waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.getByTestId("online-state").first().filter({ hasText: "Offline" }).waitFor();

    const pickup = page.getByTestId("stop-1");
    const beforeArrive = Date.now();
    await pickup.getByRole("button", { name: "Arrived" }).click();
    const afterArrive = Date.now();
    await pickup.getByTestId("arrived-at").filter({ hasText: "waiting to send" }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await pickup.getByRole("button", { name: "Departed" }).click();
    await pickup.getByTestId("departed-at").filter({ hasText: "waiting to send" }).waitFor();

    // Too big to send: refused on the phone, nothing queued.
    await pickup.getByText("Bill of lading photo", { exact: true }).click();
    const queuedBefore = await queueLength(page);
    await pickup.getByTestId("bol-photos").setInputFiles({
      name: "huge-bol.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(11 * 1024 * 1024, 32)]),
    });
    await pickup.getByRole("button", { name: "Send BOL photo" }).click();
    await pickup.getByRole("alert").filter({ hasText: "larger than 10 MB" }).waitFor();
    expect(await queueLength(page)).toBe(queuedBefore);

    const delivery = page.getByTestId("stop-2");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await delivery.getByRole("button", { name: "Arrived" }).click();
    await delivery.getByText("Proof of delivery", { exact: true }).click();
    await delivery.getByTestId("pod-photos").setInputFiles({
      name: "pod.jpg",
      mimeType: "image/jpeg",
      buffer: await bigPhoto(page),
    });
    await drawSignature(page);
    await delivery.getByLabel("Receiver's name").fill("Rita Receiver");
    await delivery.getByLabel("Damage").check();
    await delivery.getByLabel("Note").fill("Corner of pallet 3 crushed");
    await delivery.getByRole("button", { name: "Send proof of delivery" }).click();
    await delivery.getByText("Saved. It is sent as soon as the phone is online.").waitFor();
    expect(Number(await queueLength(page))).toBeGreaterThanOrEqual(4);
    // Nothing reached the server yet.
    expect((await stopOf(1)).arrivedAt).toBeNull();

    // The shell comes from the service worker, the trip from the phone's copy, the queue from IndexedDB.
    await page.reload();
    await page.getByTestId("trip-title").waitFor();
    await page
      .getByTestId("stop-1")
      .getByTestId("arrived-at")
      .filter({ hasText: "waiting to send" })
      .waitFor();
    expect(Number(await queueLength(page))).toBeGreaterThanOrEqual(4);

    const onlineAt = Date.now();
    await context.setOffline(false);
    await expect.poll(() => queueLength(page), { timeout: 30_000 }).toBe("0");
    await page.getByTestId("stop-2").getByTestId("arrived-at").filter({ hasNotText: "waiting" }).waitFor();

    const [first, second] = [await stopOf(1), await stopOf(2)];
    // The times the driver tapped, not the time they synced.
    expect(first.arrivedAt!.getTime()).toBeGreaterThanOrEqual(beforeArrive - 1_000);
    expect(first.arrivedAt!.getTime()).toBeLessThanOrEqual(afterArrive + 1_000);
    expect(first.arrivedSource).toBe("driver_app");
    expect(first.departedAt!.getTime()).toBeGreaterThan(first.arrivedAt!.getTime());
    expect(second.arrivedAt!.getTime()).toBeGreaterThan(first.departedAt!.getTime());
    expect(second.arrivedAt!.getTime()).toBeLessThan(onlineAt);
    // The server took every queued write (none refused).
    const refused = page.getByTestId("rejected");
    expect(await refused.count(), (await refused.allTextContents()).join("; ")).toBe(0);

    const documents = await rest<{ _id: string; type: string; contentType: string; downloadUrl: string }[]>(
      world.app,
      "GET",
      `/loads/${loadId}/documents`,
      undefined,
      { token: accounts.adminSession.token },
    );
    expect(documents.status).toBe(200);
    const pod = documents.body.find(
      (document) => document.type === "POD" && document.contentType === "image/jpeg",
    );
    expect(pod).toBeDefined();
    // Downscaled on the phone: the 3200 x 2400 photo arrives as 1600 x 1200 JPEG.
    const file = await world.app.fetch(
      new Request(new URL(pod!.downloadUrl, world.baseUrl), {
        headers: { authorization: `Bearer ${accounts.adminSession.token}` },
      }),
    );
    expect(jpegSize(new Uint8Array(await file.arrayBuffer()))).toEqual({ width: 1600, height: 1200 });
  });

  it("a revoked link on the phone that opened it: the clear page, the trip it kept gone", async () => {
    const { page } = driver;
    await page.goto(`/driver/trip/${tripToken}`);
    await page.getByTestId("trip-title").waitFor();
    const revoked = await rest<{ revoked: number }>(
      world.app,
      "POST",
      `/loads/${loadId}/trip-link/revoke`,
      {},
      { token: accounts.adminSession.token },
    );
    expect(revoked.body.revoked).toBe(1);
    await page.goto(`/driver/trip/${tripToken}`);
    await page.getByRole("heading", { name: "This trip link does not work" }).waitFor();
    expect(await page.getByTestId("trip-link-error").textContent()).toMatch(/wrong, expired or was revoked/);
    expect(await page.getByText(loadId).count()).toBe(0);
    // Offline, the phone no longer opens the trip it kept.
    await page.goto("/driver");
    expect(await page.getByText(loadId).count()).toBe(0);
  });
});

async function driverPositions(): Promise<number> {
  const rows = await world.app.deps.db.trackingPosition.count();
  return rows;
}

/** A 3200 x 2400 camera-sized JPEG drawn in the page. */
async function bigPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 3200;
    canvas.height = 2400;
    const context = canvas.getContext("2d")!;
    const gradient = context.createLinearGradient(0, 0, 3200, 2400);
    gradient.addColorStop(0, "#345");
    gradient.addColorStop(1, "#fa3");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 3200, 2400);
    return canvas.toDataURL("image/jpeg", 0.95).split(",")[1];
  });
  return Buffer.from(base64, "base64");
}

/** A signature drawn with the pointer across the pad. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let x = 20; x < box.width - 20; x += 15) {
    await page.mouse.move(box.x + x, box.y + box.height / 2 + Math.sin(x / 20) * 30);
  }
  await page.mouse.up();
  await pad.and(page.locator('[data-signed="true"]')).waitFor();
}

/** A JPEG's pixel size from its start-of-frame segment. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    if (marker >= 0xc0 && marker <= 0xc3) {
      return {
        height: (bytes[offset + 5] << 8) | bytes[offset + 6],
        width: (bytes[offset + 7] << 8) | bytes[offset + 8],
      };
    }
    offset += 2 + length;
  }
  return null;
}
