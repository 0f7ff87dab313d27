import { describe, expect, it } from "vitest";
import { DEFAULT_DATABASE_SETTINGS, databaseSettingsFrom } from "./settings.ts";
import { startRetryDelayMs } from "./wait-for-database.ts";

describe("database settings", () => {
  it("defaults to a 5 s connect timeout, a 30 s statement timeout and pools of 10, 4 and 4", () => {
    expect(databaseSettingsFrom({})).toEqual({
      connectTimeoutMs: 5_000,
      statementTimeoutMs: 30_000,
      poolSize: 10,
      readPoolSize: 4,
      writePoolSize: 4,
    });
    expect(databaseSettingsFrom({})).toEqual(DEFAULT_DATABASE_SETTINGS);
  });

  it("reads each variable, 0 turning the statement timeout off, and refuses nonsense", () => {
    expect(
      databaseSettingsFrom({
        DB_CONNECT_TIMEOUT_MS: "2000",
        DB_STATEMENT_TIMEOUT_MS: "0",
        DB_POOL_SIZE: "20",
        DB_READ_POOL_SIZE: "2",
        DB_WRITE_POOL_SIZE: "6",
      }),
    ).toEqual({
      connectTimeoutMs: 2_000,
      statementTimeoutMs: 0,
      poolSize: 20,
      readPoolSize: 2,
      writePoolSize: 6,
    });
    expect(() => databaseSettingsFrom({ DB_CONNECT_TIMEOUT_MS: "0" })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
    expect(() => databaseSettingsFrom({ DB_POOL_SIZE: "ten" })).toThrow(/DB_POOL_SIZE/);
    expect(() => databaseSettingsFrom({ DB_STATEMENT_TIMEOUT_MS: "-1" })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it("waits for the database at start with a backoff doubling from 0.5 s to 10 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(startRetryDelayMs)).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000,
    ]);
  });
});
