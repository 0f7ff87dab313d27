import type { DbProvider } from "../db/client.ts";
import type { LoadListFilters } from "./list.ts";

/**
 * Counting a million loads scans an index of a million entries, at every page. Counts that large
 * are kept here for a short while (dropped at once when this instance writes loads); small counts
 * are always exact. Another instance's writes show in a large count within LIFETIME_MS.
 */
const LIFETIME_MS = 10_000;
/** Counts below this are cheap: never cached, always exact. */
export const CACHED_COUNT_FLOOR = 20_000;
const MAX_ENTRIES = 500;

interface Entry {
  count: number;
  until: number;
  version: number;
}

const entries = new Map<string, Entry>();
let version = 0;

/** Every write to the Load table through the loads services calls this. */
export function loadsChanged(): void {
  version++;
  entries.clear();
}

function keyOf(databaseUrl: string, provider: DbProvider, filters: LoadListFilters): string {
  return JSON.stringify([
    databaseUrl,
    provider,
    filters.search?.trim() || null,
    filters.status ?? null,
    filters.stage ?? null,
    filters.mode ?? null,
    filters.customer?.trim() || null,
    filters.pickupFrom ?? null,
    filters.pickupTo ?? null,
    filters.deliveryFrom ?? null,
    filters.deliveryTo ?? null,
  ]);
}

/** The count kept for these filters, if any. */
export function keptLoadCount(
  databaseUrl: string,
  provider: DbProvider,
  filters: LoadListFilters,
): number | null {
  const cached = entries.get(keyOf(databaseUrl, provider, filters));
  return cached && cached.version === version && cached.until > Date.now() ? cached.count : null;
}

/** Moves on every load write: pass it as `started` to keepLoadCount before reading a count. */
export function loadsVersion(): number {
  return version;
}

/** Keeps a large count read (alone or with a page) while no write came since `started`. */
export function keepLoadCount(
  databaseUrl: string,
  provider: DbProvider,
  filters: LoadListFilters,
  value: number,
  started: number,
): void {
  if (value < CACHED_COUNT_FLOOR || started !== version) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(keyOf(databaseUrl, provider, filters), {
    count: value,
    until: Date.now() + LIFETIME_MS,
    version,
  });
}

export async function countLoads(
  databaseUrl: string,
  provider: DbProvider,
  filters: LoadListFilters,
  count: () => Promise<number>,
): Promise<number> {
  const kept = keptLoadCount(databaseUrl, provider, filters);
  if (kept !== null) return kept;
  const started = version;
  const value = await count();
  keepLoadCount(databaseUrl, provider, filters, value, started);
  return value;
}
