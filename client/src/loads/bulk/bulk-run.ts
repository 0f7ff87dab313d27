import { failureText } from "../../offers/failure-text.ts";
import type { MutationFailure, MutationHandlers } from "../../relay/mutation-failure.ts";

/** One selected load, with what the list row shows (the export writes these). */
export interface SelectedLoad {
  id: string;
  loadId: string;
  routeNumber: string | null;
  customer: string | null;
  carrierName: string | null;
  status: string;
  stage: string;
  pickupDate: string | null;
  deliveryDate: string | null;
  margin: string;
}

export interface BulkOutcome {
  done: string[];
  failed: { loadId: string; message: string }[];
}

/** A mutation's `run` as a promise: the failure's text, or null when it succeeded. */
export function outcomeOf(start: (handlers: MutationHandlers<unknown>) => void): Promise<string | null> {
  return new Promise((resolve) =>
    start({
      onSuccess: () => resolve(null),
      onFailure: (failure: MutationFailure) => resolve(failureText(failure)),
    }),
  );
}

/**
 * Runs one step per load, one after the other (each is its own authorized mutation, so a refusal of
 * one leaves the others done), reporting progress after each.
 */
export async function runEach(
  loads: readonly SelectedLoad[],
  step: (load: SelectedLoad) => Promise<string | null>,
  onProgress: (finished: number) => void,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], failed: [] };
  for (const [index, load] of loads.entries()) {
    const failure = await step(load);
    if (failure === null) outcome.done.push(load.loadId);
    else outcome.failed.push({ loadId: load.loadId, message: failure });
    onProgress(index + 1);
  }
  return outcome;
}

/** "Bidding started on 3 loads. 1 refused: L-1 (This load is already offered)." */
export function outcomeText(outcome: BulkOutcome, did: string): string {
  const count = outcome.done.length;
  const head = `${did} ${count} ${count === 1 ? "load" : "loads"}.`;
  if (outcome.failed.length === 0) return head;
  const named = outcome.failed
    .slice(0, 5)
    .map((failure) => `${failure.loadId} (${failure.message})`)
    .join("; ");
  const more = outcome.failed.length > 5 ? ` and ${outcome.failed.length - 5} more` : "";
  return `${head} ${outcome.failed.length} refused: ${named}${more}.`;
}
