/**
 * Issue 15's fixes, each at 1366x768 and on a 390x844 phone: dialogs keep their actions in view,
 * upload preview rows numbered like the error list, breadcrumbs and tab titles, the header's
 * 'last update', the viewer's time zone, the skip link and focus ring, the landing page and the
 * branded 404. Every screen here also passes axe (serious and critical), and leaves a screenshot
 * in test/browser/screenshots/.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  type BrowserWorld,
  DESKTOP,
  horizontalOverflow,
  loginThroughForm,
  openTab,
  PHONE,
  startBrowserWorld,
} from "../support/browser.ts";
import { uploadLoads } from "../support/loads.ts";
import { screenshot } from "../support/screenshots.ts";

let world: BrowserWorld;
const files = mkdtempSync(join(tmpdir(), "freightway-polish-"));

const VIEWPORTS = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "seeder@example.com", role: "ADMIN" });
  const seeder = await loginAs(world.app, "seeder@example.com");
  await uploadLoads(world.app, seeder.token, [
    { "Load ID": "TZ-0001", Customer: "USPS", Status: "in_transit", "Pickup Date": "2026-01-15T17:05:00Z" },
  ]);
  // One operator per viewport and test group: one session per account.
  for (const name of ["desk", "phone", "zone-desk", "zone-phone", "a11y-desk", "a11y-phone"]) {
    await createUser(world.app, { email: `${name}@example.com`, role: "ADMIN", fullName: `Op ${name}` });
  }
});
afterAll(async () => {
  await world?.close();
});

async function signedIn(email: string, viewport: { width: number; height: number }) {
  const tab = await openTab(world, viewport);
  await loginThroughForm(tab.page, email);
  await tab.page.waitForURL("**/admin/ila/load");
  return tab;
}

function csvFile(name: string, lines: string[]): string {
  const path = join(files, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

/** The element's box lies inside the viewport (the dialog's actions must be reachable). */
async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  expect(viewport).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom`).toBeLessThanOrEqual(viewport!.height);
  expect(box!.x + box!.width, `${what}: right`).toBeLessThanOrEqual(viewport!.width);
}

describe.each(VIEWPORTS)("dialogs on the %s", (label, viewport) => {
  it("upload dialog: after row errors the actions stay in view and preview rows match the error rows", async () => {
    const { page, context, errors } = await signedIn(
      label === "desktop" ? "desk@example.com" : "phone@example.com",
      viewport,
    );
    await page.getByRole("button", { name: "Manual update" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload loads" });
    const lines = ["Load ID,Status,Pickup Date,Weight"];
    for (let row = 1; row <= 12; row += 1)
      lines.push(`ERR-${row},${row % 3 === 0 ? "lost" : "pending"},03/01/2026,${row}`);
    await dialog.getByLabel("Choose files").setInputFiles(csvFile(`errors-${label}.csv`, lines));
    await dialog.getByTestId("upload-row-count").filter({ hasText: "12 rows in 1 file" }).waitFor();
    // The preview numbers rows the way the error list does: from the first row under the header.
    const preview = dialog
      .getByRole("region", { name: "Preview of the first rows" })
      .or(dialog.getByLabel("Preview of the first rows"));
    await expect(preview.locator("tbody th").allTextContents()).resolves.toEqual(["1", "2", "3", "4", "5"]);
    await expect(preview.locator("tbody tr").nth(2).locator("td").first().textContent()).resolves.toBe(
      "ERR-3",
    );
    await dialog.getByLabel("Stream").click();
    await page.getByRole("option", { name: "USPS" }).click();
    await dialog.getByRole("button", { name: "Upload" }).click();
    await dialog.getByText("There was an error uploading the loads.").waitFor();
    const problems = dialog.getByRole("list", { name: "Upload problems" });
    await expect(problems.locator("li").first().textContent()).resolves.toMatch(
      /^errors-\w+\.csv, row 3 · Status/,
    );
    await expectInsideViewport(page, dialog.getByRole("button", { name: "Upload" }), "Upload button");
    await expectInsideViewport(page, dialog.getByRole("button", { name: "Cancel" }), "Cancel button");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `upload-dialog-errors-${label}`);
    await expectAccessible(page, `upload dialog with errors (${label})`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Filter" }).click();
    const filter = page.getByRole("dialog", { name: "Filter loads" });
    await filter.waitFor();
    await expectInsideViewport(page, filter.getByRole("button", { name: "Apply" }), "Filter's Apply");
    await screenshot(page, `filter-dialog-${label}`);
    await expectAccessible(page, `filter dialog (${label})`);
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(VIEWPORTS)("the frame on the %s", (label, viewport) => {
  it("breadcrumbs link back, the tab is titled, 'last update' tells the truth", async () => {
    const tab = await openTab(world, viewport);
    const { page } = tab;
    await page.clock.install();
    await loginThroughForm(page, label === "desktop" ? "a11y-desk@example.com" : "a11y-phone@example.com");
    await page.waitForURL("**/admin/ila/load");
    await page.goto("/admin/ila/load/TZ-0001");
    const title = page.getByRole("heading", { name: "ILA / Load / TZ-0001", exact: true });
    await title.waitFor();
    await expect(page.title()).resolves.toBe("TZ-0001 · Load · ILA · Freightway");
    const lastUpdate = page.getByTestId("header-last-update").filter({ visible: true });
    await expect(lastUpdate.textContent()).resolves.toBe("last update: just now");
    // Six minutes on (the 5-minute session check included): it ticks, and the check is no new data.
    await page.clock.fastForward("06:00");
    await expect.poll(() => lastUpdate.textContent()).toMatch(/^last update: [56] minutes ago$/);
    await screenshot(page, `load-detail-breadcrumbs-${label}`);
    await expectAccessible(page, `load detail (${label})`);
    await title.getByRole("link", { name: "Load", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/ila/load");
    await expect.poll(() => page.title()).toBe("Load · ILA · Freightway");
    // A fresh answer from the server: 'just now' again.
    await expect.poll(() => lastUpdate.textContent()).toBe("last update: just now");
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});

describe("time zones", () => {
  it.each(VIEWPORTS)(
    "shows and reads dates in the zone chosen on My Account (%s)",
    async (label, viewport) => {
      const { page, context, errors } = await signedIn(
        `zone-${label === "desktop" ? "desk" : "phone"}@example.com`,
        viewport,
      );
      // Nothing chosen, the test machine is not in a US zone: Eastern (17:05Z in January is 12:05 EST).
      await page.goto("/admin/ila/load/TZ-0001");
      await expect(page.getByLabel("Pickup Date").inputValue()).resolves.toBe("2026-01-15T12:05");
      await page.goto(label === "desktop" ? "/admin/my-profile" : "/admin/my-profile");
      await page.getByLabel("Time zone").click();
      await page.getByRole("option", { name: "Pacific" }).click();
      await page.getByTestId("time-zone-outcome").getByText("Dates now show in this time zone.").waitFor();
      await screenshot(page, `my-account-zone-${label}`);
      await expectAccessible(page, `My Account (${label})`);
      const stored = await world.app.deps.db.user.findUniqueOrThrow({
        where: { email: `zone-${label === "desktop" ? "desk" : "phone"}@example.com` },
      });
      expect(stored.timeZone).toBe("America/Los_Angeles");

      await page.goto("/admin/ila/load/TZ-0001");
      await expect(page.getByLabel("Pickup Date").inputValue()).resolves.toBe("2026-01-15T09:05");
      await page.getByText("Time zone: Pacific (PST)").first().waitFor();
      // A typed date is read in Pacific time.
      await page.getByLabel("Delivery Date").fill("2026-01-16T08:00");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Load saved.").first().waitFor();
      await expect
        .poll(async () =>
          (
            await world.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "TZ-0001" } })
          ).deliveryDate?.toISOString(),
        )
        .toBe("2026-01-16T16:00:00.000Z");
      // The list shows the same zone, labelled.
      await page.goto("/admin/ila/load");
      await page.getByText("01/15/2026 09:05 PST").first().waitFor();
      await screenshot(page, `load-list-pacific-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe.each(VIEWPORTS)("keyboard and contrast on the %s", (label, viewport) => {
  it("offers a skip link, rings keyboard focus and uses text colours of 4.5:1", async () => {
    const { page, context, errors } = await signedIn(
      label === "desktop" ? "desk@example.com" : "phone@example.com",
      viewport,
    );
    await page.goto("/admin/ila/carriers");
    await page.getByRole("heading", { name: "ILA / Carrier /", exact: true }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expectInsideViewport(page, skip, "skip link");
    await screenshot(page, `skip-link-${label}`);
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main-content");

    // White on the orange call to action: the theme's darker orange.
    const addButton = page.getByRole("button", { name: "Add new Carrier" });
    const colours = await addButton.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color };
    });
    expect(colours.color).toBe("rgb(255, 255, 255)");
    if (colours.background !== "rgba(0, 0, 0, 0)")
      expect(["rgb(194, 65, 12)", "rgb(18, 53, 91)"]).toContain(colours.background);

    if (label === "desktop") {
      // Keyboard focus on a sidebar item is a ring, the current page a filled highlight.
      const nav = page.getByRole("navigation", { name: "Main navigation" });
      const current = nav.locator('a[aria-current="page"]');
      const other = nav.getByRole("link", { name: "Routing", exact: true });
      await other.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      const focused = await other.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: style.outlineStyle, background: style.backgroundColor };
      });
      const selected = await current.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(focused.outline).toBe("solid");
      expect(focused.background).not.toBe(selected);
      await screenshot(page, "sidebar-focus-desktop");
    }
    await expectAccessible(page, `carriers (${label})`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(VIEWPORTS)("public pages on the %s", (label, viewport) => {
  it("fills the landing hero, levels the testimonials and brands the 404", async () => {
    const { page, context, errors } = await openTab(world, viewport);
    await page.goto("/");
    const steps = page.getByTestId("hero-steps");
    await steps.waitFor();
    await expect(page.title()).resolves.toBe("Freight brokerage · Freightway");
    const box = await steps.boundingBox();
    if (label === "desktop") {
      // The right half of the hero holds the steps.
      expect(box!.x).toBeGreaterThan(DESKTOP.width / 2);
    } else {
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(page, `landing-hero-${label}`);
    const captions = page.getByTestId("testimonial").locator("figcaption");
    await captions.first().scrollIntoViewIfNeeded();
    const cards = page.getByTestId("testimonial");
    const gaps = await cards.evaluateAll((elements) =>
      elements.map((card) => {
        const caption = card.querySelector("figcaption")!.getBoundingClientRect();
        return card.getBoundingClientRect().bottom - caption.bottom;
      }),
    );
    // The caption sits at the card's bottom (its padding only): no empty band.
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(24);
    await screenshot(page, `landing-testimonials-${label}`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, `landing (${label})`);

    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByTestId("not-found").getByText("Freightway").waitFor();
    await expectInsideViewport(
      page,
      page.getByRole("link", { name: "Go to the home page" }),
      "404's way back",
    );
    await screenshot(page, `not-found-${label}`);
    await expectAccessible(page, `404 (${label})`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
