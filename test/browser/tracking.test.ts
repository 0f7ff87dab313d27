import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs, rest } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  loginThroughForm,
  openTab,
  startBrowserWorld,
  type Tab,
} from "../support/browser.ts";
import { at, trackedRouteFixture } from "../support/tracking.ts";

let world: BrowserWorld;
let admin: Tab;
let seederToken: string;
const offsiteRequests: string[] = [];

/** Everything but our own server is unreachable, as on a machine with no internet. */
async function offline(page: Page) {
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return route.continue();
    offsiteRequests.push(url.href);
    return route.abort();
  });
}

function report(routeNumber: string, positions: unknown[]) {
  return rest(world.app, "POST", `/tracking/${routeNumber}/positions`, { positions }, { token: seederToken });
}

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "seeder@example.com", role: "ADMIN" });
  seederToken = (await loginAs(world.app, "seeder@example.com")).token;
  await trackedRouteFixture(world.app, {
    routeNumber: "TRK-100",
    stops: [
      { type: "pickup", lat: 41.75, lng: -87.8, city: "Bridgeview", state: "IL" },
      { type: "stop", lat: 41.0, lng: -85.0, city: "Fort Wayne", state: "IN" },
      { type: "delivery", lat: 40.0, lng: -82.9, city: "Columbus", state: "OH" },
    ],
    loadIds: ["TRK-L1", "TRK-L2"],
  });
  await report("TRK-100", [
    { lat: 41.7505, lng: -87.8, recordedAt: at(-30) },
    { lat: 41.7, lng: -87.6, recordedAt: at(-20), speedMph: 50 },
  ]);
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  admin = await openTab(world);
  await offline(admin.page);
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(offsiteRequests).toEqual([]);
  await world?.close();
});

const mapZoom = (page: Page) => page.locator(".leaflet-container").first().getAttribute("data-zoom");

describe("/admin/ila/tracking", () => {
  it("lists tracked routes under a clustered offline map, with a wired search", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/tracking");
    const row = page.getByTestId("tracking-row-TRK-100");
    await expect(row.locator("td").nth(1).textContent()).resolves.toBe("Carrier TRK-100 Trucking");
    await expect(row.getByText("TRK-L1").count()).resolves.toBe(1);
    expect(await row.getByTestId("eta").textContent()).toMatch(/^\d+h \d+m$/);
    expect(await page.locator("table th").allTextContents()).toEqual([
      "Ruta",
      "Carrier",
      "Driver",
      "Loads",
      "ETA",
    ]);
    // The states are drawn from the bundled data set (in the basemap's pane); no tile server was asked.
    await page.locator(".leaflet-fw-basemap-pane path").first().waitFor();
    expect(await page.locator(".leaflet-tile").count()).toBe(0);
    await page.getByTestId("fleet-map").getByTestId("truck-marker").waitFor();
    // The whole country at zoom 4: no county lines (nor their data) yet.
    expect(await mapZoom(page)).toBe("4");
    expect(await page.locator("path.fw-county-lines").count()).toBe(0);

    await page.getByRole("searchbox").fill("no-such-route");
    await page.getByText("No tracking data available.").waitFor();
    expect(new URL(page.url()).searchParams.get("search")).toBe("no-such-route");
    await page.getByRole("searchbox").fill("trk-l2");
    await row.waitFor();
    await expectAccessible(page, "tracking list and map");
    await row.getByRole("link", { name: "TRK-100" }).click();
    await page.waitForURL("**/admin/ila/tracking/TRK-100");
  });
});

describe("/admin/ila/tracking/{routeNumber}", () => {
  it("draws the truck and the stops in their colours, zooms to 18 on a marker, and follows the truck live", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/tracking/TRK-100");
    await page.getByTestId("truck-marker").waitFor();
    expect(await mapZoom(page)).toBe("12");
    expect(await page.locator(".leaflet-container").first().getAttribute("data-center")).toBe(
      "41.70000,-87.60000",
    );
    const mapBox = await page.locator(".leaflet-container").first().boundingBox();
    expect(Math.round(mapBox!.height)).toBe(510);
    // Zoomed in to a truck, the county lines come from the bundled data set too.
    await page.locator("path.fw-county-lines").waitFor({ state: "attached" });
    expect(await page.locator("path.fw-county-lines").count()).toBe(1);

    const look = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => ({
        text: element.textContent,
        background: getComputedStyle(element).backgroundColor,
        color: getComputedStyle(element).color,
      }));
    expect(await look("truck-marker")).toEqual({
      text: "T",
      background: "rgb(255, 255, 255)",
      color: "rgb(11, 18, 32)",
    });
    expect(await look("stop-marker-1")).toMatchObject({ text: "P", background: "rgb(46, 125, 50)" });
    expect(await look("stop-marker-2")).toMatchObject({ text: "2", background: "rgb(239, 108, 0)" });
    expect(await look("stop-marker-3")).toMatchObject({ text: "D", background: "rgb(211, 47, 47)" });
    await expect(page.getByTestId("stop-row-1").getByTestId("arrived-at").textContent()).resolves.toMatch(
      /\d{2}:\d{2} E[SD]T$/,
    );
    await expect(page.getByTestId("stop-row-1").getByTestId("departed-at").textContent()).resolves.toMatch(
      /\d{2}:\d{2} E[SD]T$/,
    );
    await expect(page.getByTestId("stop-row-3").getByTestId("arrived-at").textContent()).resolves.toBe("—");

    // A real click on the truck pans and zooms there.
    await page.getByTestId("truck-marker").click();
    await page.waitForFunction(
      () => document.querySelector(".leaflet-container")?.getAttribute("data-zoom") === "18",
    );
    // The pickup is under the sidebar at this point: its marker gets the click event directly.
    await page
      .locator(".leaflet-marker-icon", { has: page.getByTestId("stop-marker-1") })
      .dispatchEvent("click");
    await page.waitForFunction(
      () =>
        document.querySelector(".leaflet-container")?.getAttribute("data-center") === "41.75000,-87.80000",
    );
    expect(await mapZoom(page)).toBe("18");
    await page.getByTestId("truck-marker").dispatchEvent("click");
    await page.waitForFunction(
      () =>
        document.querySelector(".leaflet-container")?.getAttribute("data-center") === "41.70000,-87.60000",
    );
    const truckIcon = page.locator(".leaflet-marker-icon", { has: page.getByTestId("truck-marker") });
    const before = await truckIcon.evaluate((element) => element.getBoundingClientRect().left);
    const etaBefore = await page.getByTestId("route-eta").textContent();
    const posted = await report("TRK-100", [{ lat: 41.7, lng: -87.5, recordedAt: at(-1), speedMph: 50 }]);
    expect(posted.status).toBe(201);
    await page.waitForFunction((left) => {
      const icon = document.querySelector('[data-testid="truck-marker"]')?.closest(".leaflet-marker-icon");
      return icon ? Math.abs(icon.getBoundingClientRect().left - left) > 5 : false;
    }, before);
    await page.waitForFunction(
      (eta) => document.querySelector('[data-testid="route-eta"]')?.textContent !== eta,
      etaBefore,
    );
    expect(await page.locator("path.fw-breadcrumb").count()).toBe(1);
  });

  it("shows the default view and the empty text for a route that never reported", async () => {
    await trackedRouteFixture(world.app, {
      routeNumber: "TRK-200",
      stops: [{ type: "pickup", lat: 33.45, lng: -111.98 }],
    });
    const { page } = admin;
    await page.goto("/admin/ila/tracking/TRK-200");
    await page.getByTestId("stop-marker-1").waitFor();
    expect(await mapZoom(page)).toBe("4");
    expect(await page.locator(".leaflet-container").first().getAttribute("data-center")).toBe(
      "39.82830,-98.57950",
    );
    expect(await page.locator('[data-testid="truck-marker"]').count()).toBe(0);
  });
});

describe("/track/{token}", () => {
  it("shows a shipper the load's progress and nothing about the driver", async () => {
    const load = await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "TRK-L1" } });
    const link = await world.app.deps.db.shipmentTrackingLink.findFirstOrThrow({
      where: { loadId: load.id },
    });
    const driver = await world.app.deps.db.user.findUniqueOrThrow({
      where: { email: "driver-trk-100@example.com" },
    });
    const shipper = await openTab(world);
    await offline(shipper.page);
    try {
      await shipper.page.goto(`/track/${link.token}`);
      await shipper.page.getByText("Load TRK-L1").waitFor();
      await expect(shipper.page.getByTestId("shipment-status").textContent()).resolves.toBe("In transit");
      expect(await shipper.page.getByTestId("shipment-eta").textContent()).toMatch(/^\d+h \d+m$/);
      await expect(shipper.page.getByTestId("shipment-city").textContent()).resolves.toBe("Bridgeview, IL");
      const text = await shipper.page.locator("body").innerText();
      for (const secret of [driver.userId, driver.email, "Driver TRK-100", "Carrier TRK-100"]) {
        expect(text).not.toContain(secret);
      }
      await shipper.page.goto("/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
      await shipper.page.getByText("Tracking link not found").waitFor();
      expect(shipper.errors).toEqual([]);
    } finally {
      await shipper.context.close();
    }
  });
});
