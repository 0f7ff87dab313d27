import { describe, expect, it } from "vitest";
import { redisRetryDelayMs } from "./pubsub-redis.ts";
import { defaultRedisPrefix } from "./redis-prefix.ts";

describe("Redis", () => {
  it("prefixes channels with the PostgreSQL database's name, whichever host reaches it", () => {
    expect(defaultRedisPrefix("postgresql://app:secret@db-1:5432/freightway")).toBe("fw:freightway:");
    expect(defaultRedisPrefix("postgres://app@10.0.0.7/freightway?sslmode=require")).toBe("fw:freightway:");
    expect(defaultRedisPrefix("postgresql://app@db/staging")).toBe("fw:staging:");
  });

  it("prefixes channels with the SQLite file's name and a hash of its path (copies share names)", () => {
    const one = defaultRedisPrefix("file:/srv/a/freightway.db");
    const two = defaultRedisPrefix("file:/srv/b/freightway.db");
    expect(one).toMatch(/^fw:freightway\.db-[0-9a-f]{8}:$/);
    expect(one).not.toBe(two);
    expect(defaultRedisPrefix("file:/srv/a/freightway.db")).toBe(one);
  });

  it("retries forever, 100 ms doubling to at most 2 s", () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(redisRetryDelayMs)).toEqual([100, 200, 400, 800, 1_600, 2_000, 2_000]);
  });
});
