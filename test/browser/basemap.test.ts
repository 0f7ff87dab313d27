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
const offsiteRequests: string[] = [];

/**
 * Five facilities around the Midwest, visited by one route in 8 stops: A, B and C twice each.
 * A is in Bridgeview, south-west of Chicago.
 */
const FACILITIES = {
  A: [41.75, -87.8],
  B: [41.08, -85.14],
  C: [39.77, -86.16],
  D: [40.0, -82.9],
  E: [38.25, -85.76],
} as const;
const VISITS = ["A", "B", "C", "A", "D", "B", "E", "C"] as const;

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The boxes of the map's markers and of its labels, as the browser drew them. */
function boxes(page: Page) {
  return page.evaluate(() => {
    const rect = (element: Element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { left, top, right, bottom };
    };
    const markers = [...document.querySelectorAll(".leaflet-marker-icon.fw-marker")].map(rect);
    const places = [...document.querySelectorAll('[data-testid="place-label"]')].map((element) => ({
      name: element.textContent ?? "",
      ...rect(element),
    }));
    const facilities = [...document.querySelectorAll('[data-testid="facility-label"]')].map((element) => ({
      name: element.textContent ?? "",
      ...rect(element),
    }));
    return { markers, places, facilities };
  });
}

const overlaps = (a: Rect, b: Rect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every label clear of every marker and of every other label. */
function expectNoLabelOverlap({ markers, places, facilities }: Awaited<ReturnType<typeof boxes>>) {
  const labels = [...facilities, ...places];
  const onMarkers = labels.filter((label) => markers.some((marker) => overlaps(label, marker)));
  expect(onMarkers.map((label) => label.name)).toEqual([]);
  const onLabels = labels.filter((label, index) =>
    labels.some((other, j) => j !== index && overlaps(label, other)),
  );
  expect(onLabels.map((label) => label.name)).toEqual([]);
}

beforeAll(async () => {
  world = await startBrowserWorld();
  const { db } = world.app.deps;
  const { route } = await trackedRouteFixture(world.app, {
    routeNumber: "MAP-8",
    stops: VISITS.map((facility, index) => ({
      type: index === 0 ? "pickup" : index === VISITS.length - 1 ? "delivery" : "stop",
      lat: FACILITIES[facility][0],
      lng: FACILITIES[facility][1],
    })),
  });
  // The fixture gives each stop its own NASS code: the second visits go to the first one's.
  const stops = await db.routeStop.findMany({ where: { routeId: route.id }, orderBy: { sequence: "asc" } });
  for (const [index, facility] of VISITS.entries()) {
    const first = VISITS.indexOf(facility);
    if (first !== index)
      await db.routeStop.update({
        where: { id: stops[index].id },
        data: { nassCodeId: stops[first].nassCodeId },
      });
  }
  await createUser(world.app, { email: "seeder@example.com", role: "ADMIN" });
  const seeder = await loginAs(world.app, "seeder@example.com");
  // The truck just left facility A: the tracking screen centres on it at zoom 12.
  const reported = await rest(
    world.app,
    "POST",
    "/tracking/MAP-8/positions",
    { positions: [{ lat: 41.74, lng: -87.74, recordedAt: at(-5), speedMph: 40 }] },
    { token: seeder.token },
  );
  expect(reported.status).toBeLessThan(300);
  await createUser(world.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
  admin = await openTab(world);
  // Nothing but our own server answers, as on a machine with no internet.
  await admin.page.route("**/*", (request) => {
    const url = new URL(request.request().url());
    if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return request.continue();
    offsiteRequests.push(url.href);
    return request.abort();
  });
  await loginThroughForm(admin.page, "ada@example.com");
  await admin.page.waitForURL("**/admin/ila/load");
});
afterAll(async () => {
  expect(admin.errors).toEqual([]);
  expect(offsiteRequests).toEqual([]);
  await world?.close();
});

describe("route detail map", () => {
  it("groups 8 stops at 5 facilities into 5 markers with counts, one line in stop order, labels off the markers", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/routing/MAP-8");
    const map = page.getByRole("region", { name: "Map of the route's stops" });
    await map.locator(".leaflet-marker-icon.fw-marker").first().waitFor();
    await expect.poll(() => map.locator(".leaflet-marker-icon.fw-marker").count()).toBe(5);
    expect(await map.getByTestId("stop-count").allTextContents()).toEqual(["×2", "×2", "×2"]);

    // One polyline, one stroke (no fragments), drawn above the basemap's land.
    const line = map.locator("path.fw-route-line");
    expect(await line.count()).toBe(1);
    expect((await line.getAttribute("d"))?.match(/M/g)).toHaveLength(1);
    const panes = await line.evaluate((path) => {
      const zOf = (element: Element | null | undefined) =>
        Number(element ? getComputedStyle(element).zIndex : Number.NaN);
      const land = document.querySelector(".leaflet-fw-basemap-pane path");
      return {
        line: zOf(path.closest(".leaflet-pane")),
        land: zOf(land?.closest(".leaflet-pane")),
      };
    });
    expect(panes.line).toBeGreaterThan(panes.land);

    // Each facility's own name beside its marker, place names around, none covering a marker.
    await map.getByTestId("facility-label").first().waitFor();
    await map.getByTestId("place-label").first().waitFor();
    expectNoLabelOverlap(await boxes(page));
    expect(await map.locator(".leaflet-control-attribution").textContent()).toContain(
      "Place names: GeoNames (CC BY 4.0)",
    );

    // The shared facility's popup lists its stops.
    await map.locator(".leaflet-marker-icon", { has: page.getByTestId("route-stop-1") }).click();
    const popup = map.getByTestId("stop-popup");
    await popup.waitFor();
    expect(await popup.getByRole("listitem").allTextContents()).toEqual([
      "1 · Pickup · MAP-8-N1",
      "4 · Stop · MAP-8-N1",
    ]);
    await expectAccessible(page, "route detail map with a stop popup");
  });
});

describe("tracking detail map at zoom 12", () => {
  it("shows county lines, place names near Chicago and the facility's label, none covering a marker", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/tracking/MAP-8");
    await page.getByTestId("truck-marker").waitFor();
    const container = page.locator(".leaflet-container").first();
    expect(await container.getAttribute("data-zoom")).toBe("12");
    await page.locator("path.fw-county-lines").waitFor({ state: "attached" });

    // The towns around Bridgeview (GeoNames' places of 1,000 people or more) are labelled.
    await expect.poll(() => page.getByTestId("place-label").count()).toBeGreaterThan(4);
    const names = await page.getByTestId("place-label").allTextContents();
    expect(
      names.filter((name) =>
        [
          "Bridgeview",
          "Burbank",
          "Oak Lawn",
          "Summit",
          "Justice",
          "Hickory Hills",
          "Chicago Ridge",
          "Bedford Park",
          "Evergreen Park",
          "Countryside",
          "Lyons",
          "Chicago",
        ].includes(name),
      ).length,
    ).toBeGreaterThan(0);

    // Facility A, visited twice: one marker with its count and its name beside it.
    expect(await page.getByTestId("stop-marker-1").getByTestId("stop-count").textContent()).toBe("×2");
    expect(await page.getByTestId("facility-label").allTextContents()).toContain("Facility 1");
    expectNoLabelOverlap(await boxes(page));
    expect(await page.locator(".leaflet-tile").count()).toBe(0);
    await expectAccessible(page, "tracking detail map at zoom 12");
  });
});

describe("fleet map", () => {
  it("names the big cities on the whole country, clear of the trucks", async () => {
    const { page } = admin;
    await page.goto("/admin/ila/tracking");
    const fleet = page.getByTestId("fleet-map");
    await fleet.getByTestId("truck-marker").waitFor();
    expect(await fleet.locator(".leaflet-container").getAttribute("data-zoom")).toBe("4");
    await expect.poll(() => fleet.getByTestId("place-label").count()).toBeGreaterThan(5);
    const names = await fleet.getByTestId("place-label").allTextContents();
    expect(names).toEqual(expect.arrayContaining(["Houston", "Phoenix"]));
    // Only the big ones this far out: no towns.
    expect(names).not.toContain("Bridgeview");
    expectNoLabelOverlap(await boxes(page));
  });
});

describe("with an operator's tile server (MAP_TILE_URL)", () => {
  it("draws its tiles under the offline layers, place names and markers still on top", async () => {
    const tiled = await startBrowserWorld({ mapTileUrl: "http://tiles.example.test/{z}/{x}/{y}.png" });
    try {
      await trackedRouteFixture(tiled.app, {
        routeNumber: "MAP-T",
        stops: [
          { type: "pickup", lat: 41.75, lng: -87.8 },
          { type: "delivery", lat: 40.0, lng: -82.9 },
        ],
      });
      await createUser(tiled.app, { email: "seeder@example.com", role: "ADMIN" });
      const seeder = await loginAs(tiled.app, "seeder@example.com");
      await rest(
        tiled.app,
        "POST",
        "/tracking/MAP-T/positions",
        { positions: [{ lat: 41.74, lng: -87.74, recordedAt: at(-5) }] },
        { token: seeder.token },
      );
      await createUser(tiled.app, { email: "ada@example.com", role: "ADMIN", fullName: "Ada Admin" });
      const tab = await openTab(tiled);
      const tiles: string[] = [];
      // The operator's tile server: a grey square for every tile.
      const square = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==",
        "base64",
      );
      await tab.page.route("http://tiles.example.test/**", (request) => {
        tiles.push(request.request().url());
        return request.fulfill({ status: 200, contentType: "image/png", body: square });
      });
      await loginThroughForm(tab.page, "ada@example.com");
      await tab.page.waitForURL("**/admin/ila/load");
      await tab.page.goto("/admin/ila/tracking/MAP-T");
      await tab.page.getByTestId("truck-marker").waitFor();
      await tab.page.locator(".leaflet-tile-loaded").first().waitFor();
      expect(tiles.every((url) => /\/12\/\d+\/\d+\.png$/.test(url))).toBe(true);
      await expect.poll(() => tab.page.getByTestId("place-label").count()).toBeGreaterThan(4);
      expectNoLabelOverlap(await boxes(tab.page));
      expect(tab.errors).toEqual([]);
    } finally {
      await tiled.close();
    }
  });
});
