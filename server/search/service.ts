import { policy, requireViewer } from "../auth/policy.ts";
import { searchBills, searchInvoices } from "../billing/search.ts";
import { searchCarriers } from "../carriers/search.ts";
import type { Context } from "../context.ts";
import { searchLoads } from "../loads/search.ts";
import { searchRoutes } from "../routing/search.ts";
import {
  SEARCH_DEFAULT_PER_KIND,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_PER_KIND,
  SEARCH_MIN_LENGTH,
  type SearchHit,
} from "./hits.ts";

/**
 * The header search: loads, routes, carriers, invoices and bills by id, number, name or DOT/MC, at
 * most `first` (1 to 10) of each kind, each kind one indexed (or carrier-table sized) statement.
 * It is the operators' tool: a carrier's search finds nothing (their screens hold only their own
 * offers and loads, which the carrier portal lists already). Too short or too long a text finds
 * nothing rather than everything.
 */
export async function search(ctx: Context, rawText: string, rawFirst?: number | null): Promise<SearchHit[]> {
  if (!policy.isAdmin(requireViewer(ctx))) return [];
  const text = rawText.trim();
  if ([...text].length < SEARCH_MIN_LENGTH || [...text].length > SEARCH_MAX_LENGTH) return [];
  const first = Math.min(SEARCH_MAX_PER_KIND, Math.max(1, Math.trunc(rawFirst ?? SEARCH_DEFAULT_PER_KIND)));
  const kinds = await Promise.all([
    searchLoads(ctx, text, first),
    searchRoutes(ctx, text, first),
    searchCarriers(ctx, text, first),
    searchInvoices(ctx, text, first),
    searchBills(ctx, text, first),
  ]);
  return kinds.flat();
}
