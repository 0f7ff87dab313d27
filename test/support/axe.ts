import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** axe-core's browser bundle, read once from node_modules (no network). */
let axeSource: string | null = null;
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return axeSource;
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The WCAG 2.x A/AA rules (2.2 included) that axe checks on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  // Evaluated through the DevTools protocol: a script tag would be an inline script, which the
  // app's Content-Security-Policy refuses (and reports as a console error).
  if (!loaded) await page.evaluate(axeScript());
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(" ")),
    }));
  });
}

/**
 * Fails on serious or critical WCAG 2.2 AA violations on the screen as it is now (moderate and
 * minor ones are not failures). `where` names the screen in the failure message.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // A dialog still fading in is half transparent: its colours would be measured mid-way.
  // Endless ones (spinners) are left alone; a cancelled one rejects, which is as good as finished.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const findings = (await axeViolations(page)).filter(
    (finding) => finding.impact === "serious" || finding.impact === "critical",
  );
  const described = findings.map(
    (finding) => `${finding.id} (${finding.impact}): ${finding.help} at ${finding.targets.join(" | ")}`,
  );
  expect(described, `axe on ${where}`).toEqual([]);
}
