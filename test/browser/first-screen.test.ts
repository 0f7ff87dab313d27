import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginAs } from "../support/app.ts";
import { expectAccessible } from "../support/axe.ts";
import { type BrowserWorld, openTab, startBrowserWorld } from "../support/browser.ts";
import { biddableLoad, openOffer } from "../support/offers.ts";

let world: BrowserWorld;
let adminToken: string;
let carrierToken: string;

beforeAll(async () => {
  world = await startBrowserWorld();
  await createUser(world.app, { email: "first@example.com", role: "ADMIN" });
  const load = await biddableLoad(world.app, 48);
  adminToken = (await loginAs(world.app, "first@example.com")).token;
  await openOffer(world.app, adminToken, load.loadId, { roundMinutes: 24 * 60 });
  await createUser(world.app, { email: "first-carrier@example.com", fullName: "First Carrier" });
  carrierToken = (await loginAs(world.app, "first-carrier@example.com")).token;
});
afterAll(async () => {
  await world?.close();
});

const operationOf = (request: Request) => /"operationName":"(\w+)"/.exec(request.postData() ?? "")?.[1];

/** A cold tab already signed in (as after a sign-in, then a reload). */
async function signedInTab(token: string, role: string) {
  const tab = await openTab(world);
  await tab.context.addInitScript(
    ([token, role]) => {
      window.localStorage.setItem("accessToken", token);
      window.localStorage.setItem("userRole", role);
    },
    [token, role],
  );
  return tab;
}

/** Holds back responses whose request matches until `release()`. */
async function holdBack(page: Page, matches: (request: Request) => boolean) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*", async (route) => {
    if (matches(route.request())) await released;
    await route.fallback();
  });
  return release;
}

describe("the first screen", () => {
  it("sends the load list's query while the screen's code is still on its way, and only once", async () => {
    const { page, errors } = await signedInTab(adminToken, "ADMIN");
    const queries: string[] = [];
    page.on("request", (request) => {
      const operation = operationOf(request);
      if (operation) queries.push(operation);
    });
    const release = await holdBack(page, (request) =>
      /\/assets\/(admin-home|LoadListRoute)-/.test(request.url()),
    );
    await page.goto("/admin/ila/load");
    await expect.poll(() => queries, { timeout: 15_000 }).toContain("LoadListPageQuery");
    release();
    await page.getByRole("table", { name: "Loads" }).getByRole("row").nth(1).waitFor();
    expect(queries.filter((name) => name === "LoadListPageQuery")).toHaveLength(1);
    expect(queries.filter((name) => name === "AppLayoutQuery")).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("shows the frame before the session check answers", async () => {
    const { page, errors } = await signedInTab(adminToken, "ADMIN");
    const release = await holdBack(page, (request) => operationOf(request) === "AppLayoutQuery");
    await page.goto("/admin/ila/load");
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor({ timeout: 15_000 });
    release();
    await page.getByRole("table", { name: "Loads" }).getByRole("row").nth(1).waitFor();
    expect(errors).toEqual([]);
  });

  it("hands a select filter clicked before its code is in over to the select, open", async () => {
    const { page, errors } = await signedInTab(carrierToken, "CARRIER");
    const release = await holdBack(page, (request) => /\/assets\/OfferFilterSelect-/.test(request.url()));
    await page.goto("/carrier/carrier-portal/active-offers");
    await page.locator("main table tbody tr").first().waitFor({ timeout: 15_000 });
    const origin = page.getByRole("combobox", { name: "Origin state" });
    // The stand-in: a box of the same name and role, read-only, with nothing chosen.
    await expect(origin.getAttribute("readonly")).resolves.toBe("");
    await expectAccessible(page, "carrier's offers with the filters' stand-ins");
    await origin.click();
    release();
    await page.getByRole("option", { name: "CO — Colorado" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("originState")).toBe("CO");
    await expect
      .poll(() => page.getByRole("combobox", { name: "Origin state" }).textContent())
      .toBe("CO — Colorado");
    expect(errors).toEqual([]);
  });

  // What only dialogs, forms or later updates use stays out of the first screen's code (issue 27's
  // 200 KB): each marker is a text its library keeps through minification. The Active Offers'
  // live rows subscribe once the first screen is up (and fetch the page again once live), so
  // graphql-ws is on neither first screen.
  // MUI's Dialog, Snackbar, temporary Drawer and Tooltip (with Popper) load when first opened or
  // after the first screen (ui/deferred.tsx), as do the screens' own dialogs, mutations and the bulk bar.
  // A component's name as its styles name it, in whatever quotes the minifier chose.
  const mui = (name: string) => new RegExp(`["'\`]${name}["'\`]`);
  // The search boxes are outlined inputs and the carrier's select filters stand-ins until the first
  // screen is up: no TextField, so no Select with its Menu, Popover and Modal (OutlinedInput itself
  // names Select's classes, so 'MuiSelect' is no marker).
  // Fifth pass: React Router's data router (the app runs its declarative router), MUI's
  // CSS-variables theming (app/css-vars-theme-unsupported.ts), the parts of Relay's indexes the app
  // does not use (relay/*.cjs), and the loading bar, which shows only while a later page loads.
  const LATER: (string | RegExp)[] = [
    "$ZodObject",
    "aria-autocomplete",
    ...["MuiDialog", "MuiSnackbar", "MuiDrawer", "MuiTooltip", "MuiPopper"].map(mui),
    ...["MuiTextField", "MuiMenu", "MuiPopover", "MuiModal"].map(mui),
    "patchRoutesOnNavigation",
    "mui-mode",
    "createFragmentSpecResolver",
    "EntryPointContainer",
    mui("MuiLinearProgress"),
    // Sixth pass: the sidebar is List's markup styled once (app/layout/Sidebar.tsx).
    ...["MuiList", "MuiListSubheader", "MuiListItemText"].map(mui),
  ];
  // What the screens' scripts may weigh as sent (Brotli and headers, as bench/first-screen.ts
  // counts them): issue 27's 200 KB, for both.
  const BUDGET = { admin: 200 * 1024, carrier: 200 * 1024 };
  it.each([
    [
      "admin",
      "/admin/ila/load",
      'table[aria-label="Loads"] tbody tr',
      [
        ...LATER,
        "graphql-transport-ws",
        "load-filter-title",
        "Clear selection",
        // The status chips, the filter count and the search icon are MUI's markup styled once.
        ...["MuiChip", "MuiBadge", "MuiInputAdornment", "MuiAlert"].map(mui),
      ],
    ],
    [
      "carrier",
      "/carrier/carrier-portal/active-offers",
      "main table tbody tr",
      [
        ...LATER,
        "graphql-transport-ws",
        "place-bid-title",
        "book-now-title",
        "fold-title",
        // The bid, fold, booking, counter-offer and waterfall mutations load when first sent, and
        // their hooks and dialogs when an action is first opened (offers/CarrierOfferActions.tsx).
        ...["PlaceBidInput", "FoldBidInput", "BookOfferInput", "AnswerCounterInput", "WaterfallTurnInput"],
        // The filters' stand-ins are FormControl's and InputLabel's markup styled once; the vetting
        // notice and a waterfall turn's messages load their Alert when shown.
        ...["MuiFormControl", "MuiInputLabel", "MuiAlert", "MuiDialogTitle"].map(mui),
      ],
    ],
  ])(
    "leaves zod, the Autocomplete and what waits out of the %s's first screen",
    async (who, path, rowSelector, later) => {
      const role = who === "admin" ? "ADMIN" : "CARRIER";
      const token = who === "admin" ? adminToken : carrierToken;
      const { page, context, errors } = await signedInTab(token, role);
      // The moment the first row is in the document (what loads after it is not the first screen's).
      await context.addInitScript((selector) => {
        const seen = window as unknown as { firstRowAt?: number };
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          seen.firstRowAt = performance.now();
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      }, rowSelector);
      const texts = new Map<string, Promise<string>>();
      const sizes = new Map<string, Promise<number>>();
      page.on("response", (response) => {
        if (!response.url().endsWith(".js")) return;
        texts.set(
          response.url(),
          response.text().catch(() => ""),
        );
        sizes.set(
          response.url(),
          response.finished().then(async () => {
            const sent = await response.request().sizes();
            return sent.responseBodySize + sent.responseHeadersSize;
          }),
        );
      });
      await page.goto(path);
      await page.waitForFunction(() => (window as { firstRowAt?: number }).firstRowAt !== undefined);
      const early = await page.evaluate(() => {
        const rowAt = (window as unknown as { firstRowAt: number }).firstRowAt;
        return performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js") && entry.startTime <= rowAt)
          .map((entry) => entry.name);
      });
      await expect.poll(() => early.every((url) => texts.has(url))).toBe(true);
      const code = (await Promise.all(early.map((url) => texts.get(url)))).join("\n");
      expect(code).toContain("MuiTable");
      const found = (marker: string | RegExp) =>
        typeof marker === "string" ? code.includes(marker) : marker.test(code);
      expect(later.filter(found).map(String)).toEqual([]);
      const bytes = (await Promise.all(early.map((url) => sizes.get(url)))).reduce<number>(
        (sum, size) => sum + (size ?? 0),
        0,
      );
      expect(
        bytes,
        `${who}'s first screen: ${(bytes / 1024).toFixed(1)} KB in ${early.length} scripts`,
      ).toBeLessThanOrEqual(BUDGET[who as keyof typeof BUDGET]);
      expect(errors).toEqual([]);
    },
  );
});
