import type { Deps } from "../deps.ts";
import { logger } from "../ops/logger.ts";
import { decideDueAutoAwards } from "./award.ts";
import { closeDueRounds } from "./service.ts";
import { expireDueTenders } from "./tender.ts";
import { expireDueWaterfallTurns } from "./waterfall-turns.ts";

export const ROUND_SWEEP_MS = 2_000;

/**
 * Looks for rounds that closed every couple of seconds. Losing a tick loses nothing: the close is
 * derived from roundEndsAt and announced by whichever sweep (on any instance) claims it first.
 * The same sweep expires tenders whose acceptance time ran out (tender.ts expireDueTenders), and
 * decides the award rules that are due (award.ts: auto-award at round close, waterfall turns).
 */
export function startRoundClock(deps: Deps, intervalMs = ROUND_SWEEP_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    closeDueRounds(deps)
      .then(() => decideDueAutoAwards(deps))
      .then(() => expireDueWaterfallTurns(deps))
      .then(() => expireDueTenders(deps))
      .catch((error) => logger.error({ err: error }, "round sweep failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
