import fc from "fast-check";

/** The fuzzers' run count and seed: fixed in `npm test`, raised by `npm run fuzz` or FUZZ_RUNS / FUZZ_SEED. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261127);
export function fuzzRuns(fallback: number): number {
  const runs = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
}

/** The longest one request may take before it counts as a stall. */
export const STALL_BUDGET_MS = 2_000;

/** Text an attacker would send: controls, LIKE wildcards, very long text, broken UTF-16, bidi, emoji, injections. */
export const HOSTILE_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[2J",
  "line\r\nX-Injected: 1",
  "\u0008\u007f",
  "%",
  "_",
  "_%_",
  "100%_off\\",
  "x".repeat(20_000),
  "é".repeat(5_001),
  "\ud800",
  "a\udfffb",
  "\u202eevil\u202c",
  "مرحبا بالعالم",
  "🚚📦👩🏽‍✈️",
  "' OR 1=1 --",
  '"; DROP TABLE "User"; --',
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "$\u{7b}7*7}{{7*7}}",
  "",
  " ",
  "null",
] as const;

/** Money and counts at the edges of their rules and of the database's columns. */
export const EDGE_NUMBERS = [
  1e-9,
  0.005,
  0.01,
  21474836.47,
  21474836.48,
  99999999999,
  -0,
  -1,
  0,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  1e308,
  1.5,
] as const;

/** Numbers written as text, including ones that only look like numbers. */
export const NUMERIC_STRINGS = ["1e-9", "NaN", "Infinity", "-0", "0x10", "1,000.00", "21474836.48", "１２３"];

/** Dates no calendar or no sane workflow has. */
export const IMPOSSIBLE_DATES = [
  "0001-01-01",
  "0001-01-01T00:00:00Z",
  "2026-02-30",
  "2026-02-30T10:00:00Z",
  "2026-13-01",
  "9999-12-31T23:59:59Z",
  "275760-09-13T00:00:00Z",
  "1969-12-31T23:59:59.999Z",
  "2026-11-27T25:61:00Z",
  "yesterday",
];

/** A string: hostile, numeric-looking, an impossible date, one of `ids`, or plain random text. */
export function fuzzString(draw: fc.GeneratorValue, ids: readonly string[], plain: readonly string[] = []) {
  return draw(() =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
      { weight: 1, arbitrary: fc.constantFrom(...NUMERIC_STRINGS) },
      { weight: 1, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
      { weight: ids.length > 0 ? 3 : 0, arbitrary: fc.constantFrom("", ...ids) },
      { weight: plain.length > 0 ? 2 : 0, arbitrary: fc.constantFrom("", ...plain) },
      { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
      { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
    ),
  );
}

/** A number: an edge value, a small count, any integer or any double. */
export function fuzzNumber(draw: fc.GeneratorValue, integer: boolean): number {
  return draw(() =>
    fc.oneof(
      fc.constantFrom(...EDGE_NUMBERS),
      fc.integer({ min: -3, max: 600 }),
      integer ? fc.integer() : fc.double({ noNaN: true }),
    ),
  );
}

/** A date-time: a real recent one, an impossible one, or any text. */
export function fuzzDate(draw: fc.GeneratorValue): string {
  return draw(() =>
    fc.oneof(
      fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString()),
      fc.constantFrom(...IMPOSSIBLE_DATES),
      fc.string({ maxLength: 12 }),
    ),
  );
}
