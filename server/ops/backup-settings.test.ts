import { describe, expect, it } from "vitest";
import { readBackupEvery, readBackupKeep } from "./backup-settings.ts";

const SQLITE = "file:./data/freightway.db";

describe("BACKUP_EVERY", () => {
  it("reads periods with a unit, or seconds", () => {
    expect(readBackupEvery("6h", SQLITE)).toBe(6 * 3_600_000);
    expect(readBackupEvery("30m", SQLITE)).toBe(30 * 60_000);
    expect(readBackupEvery("90s", SQLITE)).toBe(90_000);
    expect(readBackupEvery("1d", SQLITE)).toBe(86_400_000);
    expect(readBackupEvery(" 3600 ", SQLITE)).toBe(3_600_000);
    expect(readBackupEvery(undefined, SQLITE)).toBeUndefined();
    expect(readBackupEvery("", SQLITE)).toBeUndefined();
  });

  it.each(["0", "0h", "-1h", "6 hours", "1.5h", "h", "abc", "99999999999999999d"])("refuses %s", (raw) => {
    expect(() => readBackupEvery(raw, SQLITE)).toThrow(
      "BACKUP_EVERY must be a period such as 6h, 30m, 90s or a number of seconds (at least 1).",
    );
  });

  it("is refused with PostgreSQL, pointing to pg_dump", () => {
    expect(() => readBackupEvery("6h", "postgresql://db/freightway")).toThrow(/use pg_dump/);
    expect(readBackupEvery(undefined, "postgresql://db/freightway")).toBeUndefined();
  });
});

describe("BACKUP_KEEP", () => {
  it("defaults to 7 and takes a whole number of at least 1", () => {
    expect(readBackupKeep(undefined)).toBe(7);
    expect(readBackupKeep("3")).toBe(3);
    for (const raw of ["0", "-2", "2.5", "many"]) {
      expect(() => readBackupKeep(raw)).toThrow("BACKUP_KEEP must be a whole number, at least 1.");
    }
  });
});
