/**
 * Deterministic, realistic USPS load rows for the benchmarks: the CSV an operator would upload.
 */
export const CSV_HEADERS = [
  "Load ID",
  "BOL Number",
  "Route Number",
  "Customer",
  "Origin",
  "Destination",
  "Pickup Date",
  "Delivery Date",
  "Weight",
  "Volume",
  "Freight Class",
  "Commodity",
  "Reference Number",
  "Status",
  "Mode",
  "Trailer",
];

const FACILITIES = [
  "Chicago NDC IL",
  "Dallas NDC TX",
  "Atlanta P&DC GA",
  "Denver NDC CO",
  "Phoenix P&DC AZ",
  "Seattle NDC WA",
  "Memphis P&DC TN",
  "Kansas City NDC KS",
  "Newark P&DC NJ",
  "Los Angeles NDC CA",
];
const COMMODITIES = ["Letters/Flats", "Parcels", "Priority Mail", "Periodicals", "Mixed Mail"];
const STATUSES = ["pending", "pending", "pending", "in_transit", "delivered", "cancelled"];
const TRAILERS = ["53' Dry Van", "48' Dry Van", "53' Reefer"];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function usDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** `count` rows starting at load number `first`, as CSV cells in CSV_HEADERS order. */
export function loadRows(count: number, first = 1, seed = 42, routes = 1000): string[][] {
  const next = random(seed + first);
  const start = Date.UTC(2026, 0, 1);
  const rows: string[][] = [];
  for (let index = 0; index < count; index++) {
    const number = first + index;
    const pickup = new Date(start + Math.floor(next() * 330 * 24) * 3_600_000);
    const delivery = new Date(pickup.getTime() + (6 + Math.floor(next() * 60)) * 3_600_000);
    const origin = FACILITIES[Math.floor(next() * FACILITIES.length)];
    let destination = FACILITIES[Math.floor(next() * FACILITIES.length)];
    if (destination === origin)
      destination = FACILITIES[(FACILITIES.indexOf(origin) + 3) % FACILITIES.length];
    rows.push([
      `USPS-${String(number).padStart(7, "0")}`,
      `B${String(700_000_000 + number * 7)}`,
      `R${String(1 + (number % routes)).padStart(5, "0")}`,
      "USPS",
      origin,
      destination,
      usDate(pickup),
      usDate(delivery),
      String(1000 + Math.floor(next() * 43_000)),
      String(100 + Math.floor(next() * 3800)),
      "70",
      COMMODITIES[Math.floor(next() * COMMODITIES.length)],
      `PO-${String(Math.floor(next() * 1e8)).padStart(8, "0")}`,
      STATUSES[Math.floor(next() * STATUSES.length)],
      "TRUCK",
      TRAILERS[Math.floor(next() * TRAILERS.length)],
    ]);
  }
  return rows;
}

/** The rows as the CSV file (no quoting needed: no cell holds a comma or quote). */
export function toCsv(headers: string[], rows: string[][]): string {
  return `${[headers, ...rows].map((row) => row.join(",")).join("\n")}\n`;
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

export function summary(samples: number[]): { p50: number; p99: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
