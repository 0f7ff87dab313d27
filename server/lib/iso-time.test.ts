import { describe, expect, it } from "vitest";
import { isoTextOf } from "./iso-time.ts";

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Milliseconds since the epoch, spread over the years 1000-9999. */
function instants(count: number): number[] {
  const next = random(7);
  const from = Date.UTC(1000, 0, 1);
  const to = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
  return Array.from({ length: count }, () => from + Math.floor(next() * (to - from)));
}

describe("isoTextOf", () => {
  it("answers what Date#toISOString answers for Prisma's SQLite text and for the ISO form", () => {
    for (const ms of instants(20_000)) {
      const iso = new Date(ms).toISOString();
      expect(isoTextOf(`${iso.slice(0, 23)}+00:00`)).toBe(iso);
      expect(isoTextOf(iso)).toBe(iso);
    }
  });

  it("reads PostgreSQL's timestamp text, whose fraction drops trailing zeros", () => {
    for (const ms of instants(20_000)) {
      const iso = new Date(ms).toISOString();
      const fraction = iso.slice(20, 23).replace(/0+$/, "");
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ""}`;
      expect(isoTextOf(text)).toBe(iso);
    }
    expect(isoTextOf("2026-11-22 19:00:00")).toBe("2026-11-22T19:00:00.000Z");
    expect(isoTextOf("2026-11-22 19:00:00.5")).toBe("2026-11-22T19:00:00.500Z");
  });

  it("leaves to Date whatever is not a real instant in one of those forms", () => {
    for (const text of [
      "2026-02-29T00:00:00.000+00:00",
      "2024-13-01T00:00:00.000Z",
      "2024-04-31 00:00:00",
      "2024-01-01T24:00:00.000Z",
      "2024-01-01T00:60:00.000Z",
      "0999-01-01T00:00:00.000Z",
      "2024-01-01T00:00:00.000+02:00",
      "2024-01-01T00:00:00Z",
      "2024-01-01 00:00:00.1234",
      "2024-01-01 00:00:00.",
      "2024-01-01 00:00:00+00",
      "2024-1-01 00:00:00",
      "2024-01-01x00:00:00.000Z",
      "1764000000000",
      "",
    ]) {
      expect(isoTextOf(text), text).toBeNull();
    }
    expect(isoTextOf("2024-02-29T12:00:00.000+00:00")).toBe("2024-02-29T12:00:00.000Z");
  });
});
