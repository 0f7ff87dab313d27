import { describe, expect, it } from "vitest";
import { columnKinds, decodeSqliteRows, storedDate } from "../../server/db/kysely-values.ts";
import { getDatamodel } from "../../server/generated/pothos-types.ts";

describe("SQLite row mapping by column name (server/db/kysely-values.ts)", () => {
  it("finds every DateTime and Boolean column name of one type only in every model", () => {
    const kinds = columnKinds();
    const clashes: string[] = [];
    for (const [model, { fields }] of Object.entries(getDatamodel().datamodel.models)) {
      for (const field of fields) {
        if (field.kind !== "scalar") continue;
        const expected =
          field.type === "DateTime" ? "date" : field.type === "Boolean" ? "boolean" : undefined;
        if (kinds.get(field.name) !== expected) clashes.push(`${model}.${field.name}: ${field.type}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("turns ISO text into Dates and 0/1 into booleans, leaving other columns and nulls alone", () => {
    const rows = decodeSqliteRows("SELECT test", [
      { id: "a", createdAt: "2026-01-02T03:04:05.678+00:00", success: 1, revokedAt: null, count: 1 },
      { id: "b", createdAt: "2026-01-02T03:04:05.000+00:00", success: 0, revokedAt: null, count: 0 },
    ]);
    expect(rows).toEqual([
      { id: "a", createdAt: new Date("2026-01-02T03:04:05.678Z"), success: true, revokedAt: null, count: 1 },
      { id: "b", createdAt: new Date("2026-01-02T03:04:05.000Z"), success: false, revokedAt: null, count: 0 },
    ]);
  });

  it("reads SQLite's DateTime text to the same instant as Date does, and formats it back the same", () => {
    for (const text of [
      "2026-01-02T03:04:05.678+00:00",
      "2000-02-29T23:59:59.999+00:00",
      "2100-12-31T00:00:00.000+00:00",
      "2026-01-02T03:04:05.678Z",
      "2026-01-02 03:04:05",
    ]) {
      const date = storedDate(text);
      expect(date).toBeInstanceOf(Date);
      expect(date.getTime()).toBe(new Date(text).getTime());
      expect(date.toISOString()).toBe(new Date(text).toISOString());
      expect(JSON.stringify(date)).toBe(JSON.stringify(new Date(text)));
    }
    // Not a real day: as Date reads it.
    expect(storedDate("2026-02-30T00:00:00.000+00:00").getTime()).toEqual(
      new Date("2026-02-30T00:00:00.000+00:00").getTime(),
    );
  });

  it("formats a stored date again once a setter changed it", () => {
    const date = storedDate("2026-01-02T03:04:05.678+00:00");
    date.setUTCHours(10);
    expect(date.toISOString()).toBe("2026-01-02T10:04:05.678Z");
  });
});
