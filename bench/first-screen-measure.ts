import type { Browser } from "playwright-core";
import { DESKTOP } from "../test/support/browser.ts";

/** What one cold load of a screen is measured by. */
export interface FirstScreen {
  url: string;
  /** A session to start with (local storage, as after a sign-in), or none. */
  session?: { token: string; role: string };
  /** The rows that count, and text a data row has (the empty-table row and skeletons do not). */
  rowSelector: string;
  rowText: string;
  /** operationName of the page's data request; none for a page without one. */
  dataOperation?: string;
}

export interface FirstScreenRun {
  firstRowMs: number;
  jsBytes: number;
  jsFiles: number;
  /** Sequential request rounds before the data request left (the document is round 1). */
  roundsBeforeData: number;
  /** The chain of requests that made those rounds, first to last. */
  chain: string[];
}

interface Sent {
  id: string;
  url: string;
  type: string;
  sentAt: number;
  finishedAt?: number;
  bytes: number;
  operation?: string;
  /** Asked for by the document's markup (scripts, module preloads). */
  byMarkup: boolean;
  /** The scripts on the stack that asked for it (async parents included). */
  askedBy: string[];
}

interface Initiator {
  type: string;
  stack?: StackTrace;
}
interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}

function scriptsOn(stack: StackTrace | undefined): string[] {
  const urls: string[] = [];
  for (let trace = stack; trace; trace = trace.parent) {
    for (const frame of trace.callFrames) if (/^https?:/.test(frame.url)) urls.push(frame.url);
  }
  return urls;
}

/**
 * One cold load (a fresh browser profile: empty HTTP cache) at `cpuSlowdown` (DevTools' CPU
 * throttling). Times until a data row is visible, seen from the page on every DOM change.
 */
export async function measureFirstScreen(
  browser: Browser,
  screen: FirstScreen,
  cpuSlowdown: number,
): Promise<FirstScreenRun> {
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    if (screen.session) {
      await context.addInitScript(({ token, role }) => {
        if (!window.localStorage.getItem("accessToken")) {
          window.localStorage.setItem("accessToken", token);
          window.localStorage.setItem("userRole", role);
        }
      }, screen.session);
    }
    await context.addInitScript(
      ({ selector, text }) => {
        const seen = window as unknown as { firstRowAt?: number };
        // On every DOM change (an animation-frame loop started this early never runs in headless
        // Chromium): the moment the row is in the document, laid out and inside the viewport.
        const observer = new MutationObserver(() => {
          for (const row of document.querySelectorAll(selector)) {
            const box = row.getBoundingClientRect();
            if (box.height > 0 && box.top < window.innerHeight && row.textContent?.includes(text)) {
              seen.firstRowAt = performance.now();
              observer.disconnect();
              return;
            }
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
      },
      { selector: screen.rowSelector, text: screen.rowText },
    );
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    const requests = new Map<string, Sent>();
    devtools.on("Network.requestWillBeSent", (event) => {
      if (!/^https?:/.test(event.request.url) || requests.has(event.requestId)) return;
      const operation = /"operationName":"(\w+)"/.exec(event.request.postData ?? "")?.[1];
      requests.set(event.requestId, {
        id: event.requestId,
        url: event.request.url,
        type: event.type ?? "Other",
        sentAt: event.timestamp,
        bytes: 0,
        operation,
        byMarkup: event.initiator.type === "parser",
        askedBy: scriptsOn((event.initiator as Initiator).stack),
      });
    });
    devtools.on("Network.loadingFinished", (event) => {
      const request = requests.get(event.requestId);
      if (!request) return;
      request.finishedAt = event.timestamp;
      request.bytes = event.encodedDataLength;
    });
    devtools.on("Network.loadingFailed", (event) => {
      const request = requests.get(event.requestId);
      if (request) request.finishedAt = event.timestamp;
    });
    await devtools.send("Network.enable");
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(screen.url, { waitUntil: "commit" });
    await page
      .waitForFunction(() => (window as { firstRowAt?: number }).firstRowAt !== undefined, null, {
        timeout: 60_000,
      })
      .catch(async (error: Error) => {
        const shown = await page.evaluate(() => document.body?.innerText.slice(0, 300));
        throw new Error(`${screen.url}: no data row within 60 s; the page shows: ${shown}`, { cause: error });
      });
    const firstRowMs = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt);
    const sent = [...requests.values()].sort((a, b) => a.sentAt - b.sentAt);
    const rowAt = (sent[0]?.sentAt ?? 0) + firstRowMs / 1000;
    const scripts = sent.filter((request) => request.type === "Script" && request.sentAt <= rowAt);
    // The scripts the screen asked for before its row showed: wait for their sizes.
    const deadline = Date.now() + 10_000;
    while (scripts.some((script) => script.finishedAt === undefined) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { rounds, chain } = roundsBefore(sent, screen.dataOperation);
    if (process.env.DEBUG) {
      for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`    ${(script.bytes / 1024).toFixed(1).padStart(6)} KB ${new URL(script.url).pathname}`);
      }
    }
    return {
      firstRowMs,
      jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      jsFiles: scripts.length,
      roundsBeforeData: rounds,
      chain,
    };
  } finally {
    await context.close();
  }
}

/** What a page's code can wait for before it asks for more (not the favicon, images or fonts). */
const WAITED_FOR = new Set(["Document", "Script", "Stylesheet", "Fetch", "XHR"]);

/**
 * The round of each request (the document is round 1): one after the document for what its markup
 * asks for; one after the latest script on the stack that asked for it; otherwise (a module
 * preload or import the stack does not name) one after the latest round that had finished when it
 * left. A busy main thread delays requests, not their rounds, where the stack names the script.
 */
function roundsBefore(sent: Sent[], dataOperation: string | undefined): { rounds: number; chain: string[] } {
  const round = new Map<string, { depth: number; after?: Sent }>();
  const depthOf = (request: Sent) => round.get(request.id)?.depth ?? 1;
  for (const [index, request] of sent.entries()) {
    const earlier = sent.slice(0, index);
    let best: { depth: number; after?: Sent } = { depth: 1 };
    const consider = (candidate: Sent) => {
      if (depthOf(candidate) + 1 > best.depth) best = { depth: depthOf(candidate) + 1, after: candidate };
    };
    const askers = earlier.filter((script) => request.askedBy.includes(script.url));
    if (index === 0) {
      // the document
    } else if (request.byMarkup) {
      consider(sent[0]);
    } else if (askers.length) {
      for (const asker of askers) consider(asker);
    } else {
      for (const candidate of earlier) {
        const done = candidate.finishedAt !== undefined && candidate.finishedAt <= request.sentAt;
        if (done && WAITED_FOR.has(candidate.type)) consider(candidate);
      }
    }
    round.set(request.id, best);
  }
  const data = dataOperation ? sent.find((request) => request.operation === dataOperation) : undefined;
  if (!data) return { rounds: Number.NaN, chain: [] };
  const chain: string[] = [];
  let step: Sent | undefined = data;
  while (step) {
    chain.unshift(step.operation ?? new URL(step.url).pathname);
    step = round.get(step.id)?.after;
  }
  return { rounds: depthOf(data) - 1, chain };
}
