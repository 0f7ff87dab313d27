import type { Context } from "../context.ts";
import { port } from "../lib/port.ts";

/**
 * Billing's forms name a load by loadId or id; the loads domain, which owns the Load table,
 * answers with the row id (null: no such load). Loads calls billing (an invoice drafted on
 * delivery), so billing does not import loads.
 */
export const loadLookup =
  port<(ctx: Context, reference: string) => Promise<string | null>>("billing's load lookup");
