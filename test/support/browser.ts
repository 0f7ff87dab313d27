import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import type { AppConfig } from "../../server/config.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "./app.ts";

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

export const CLIENT_DIST = resolve("client/dist");

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * One Chromium per test worker, launched on first use: a worker runs its files one after another
 * (isolate: false keeps this module), each file with its own contexts. Playwright kills it when
 * the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    launching
      .then((browser) =>
        browser.on("disconnected", () => {
          if (workerBrowser === launching) workerBrowser = undefined;
        }),
      )
      .catch(() => {
        if (workerBrowser === launching) workerBrowser = undefined;
      });
  }
  return workerBrowser;
}

export interface BrowserWorld extends TestApp {
  baseUrl: string;
  browser: Browser;
}

/**
 * The real server (fresh database, the built client) listening on a free port, and the worker's Chromium.
 * The client must be built first: `npx relay-compiler && npx vite build --config client/vite.config.ts`.
 */
export async function startBrowserWorld(overrides: Partial<AppConfig> = {}): Promise<BrowserWorld> {
  if (!existsSync(join(CLIENT_DIST, "index.html"))) {
    throw new Error(
      "client/dist is missing: run `npx relay-compiler && npx vite build --config client/vite.config.ts`.",
    );
  }
  const t = await createTestApp({ clientDistDir: CLIENT_DIST, host: "127.0.0.1", ...overrides });
  const baseUrl = await t.app.start(0);
  const browser = await sharedBrowser();
  return {
    ...t,
    baseUrl,
    browser,
    async close() {
      // Every context open now is this file's: the worker's files do not overlap.
      await Promise.all(browser.contexts().map((context) => context.close()));
      await t.close();
    },
  };
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (not failed HTTP answers): expect none. */
  errors: string[];
}

/** A fresh browser profile (own storage and cookies) with one page. */
export async function openTab(world: BrowserWorld, viewport = DESKTOP): Promise<Tab> {
  const context = await world.browser.newContext({ viewport, baseURL: world.baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}

export async function loginThroughForm(
  page: Page,
  email: string,
  password = TEST_PASSWORD,
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  if (options.rememberMe) await page.getByLabel("Remember me").check();
  await page.getByRole("textbox", { name: "Password", exact: true }).press("Enter");
}

/**
 * Resolves once the page's live connection is acknowledged by the server (a carrier's Active Offers
 * opens it after the first screen has shown and the browser is idle). Call before the page opens it.
 */
export function liveConnectionAcknowledged(page: Page, timeout = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("No live connection was acknowledged")), timeout);
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => {
        if (String(frame.payload).includes('"connection_ack"')) {
          clearTimeout(timer);
          resolve();
        }
      }),
    );
  });
}

export function storedSession(page: Page): Promise<{ token: string | null; role: string | null }> {
  return page.evaluate(() => ({
    token: window.localStorage.getItem("accessToken"),
    role: window.localStorage.getItem("userRole"),
  }));
}

/** Nothing may stick out sideways (the 390 px phone check). */
/**
 * How far the page sticks out sideways once its layout has settled: right after a resize the
 * screens re-render for the new width (media queries read in React), so a wider frame can still
 * be there for a moment; this waits up to 3 s for it to fit and answers the last width measured.
 */
export async function horizontalOverflow(page: Page): Promise<number> {
  const measure = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const until = Date.now() + 3_000;
  let overflow = await measure();
  while (overflow > 0 && Date.now() < until) {
    await page.waitForTimeout(100);
    overflow = await measure();
  }
  return overflow;
}

/**
 * From now on, counts every moment a snackbar shows no text or a dialog title ends in a blank
 * (a closing snackbar or dialog must keep saying what it said while it fades out).
 * The returned function reads the count.
 */
export async function watchBlankNotices(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const seen = window as unknown as { blankNotices: number };
    seen.blankNotices = 0;
    const blank = (text: string | null) => !text?.trim();
    new MutationObserver(() => {
      const messages = document.querySelectorAll(
        ".MuiSnackbar-root .MuiAlert-message, .MuiSnackbar-root .MuiSnackbarContent-message",
      );
      for (const message of messages) if (blank(message.textContent)) seen.blankNotices += 1;
      for (const title of document.querySelectorAll(".MuiDialogTitle-root")) {
        if (/(load|#)\s*$/i.test(title.textContent ?? "")) seen.blankNotices += 1;
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { blankNotices: number }).blankNotices);
}
