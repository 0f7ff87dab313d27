import { describe, expect, it } from "vitest";
import { retryAt } from "./retry-policy.ts";

const settings = { retryBaseMs: 60_000, maxAttempts: 8 };

describe("retryAt", () => {
  it("waits a minute after the first failure and doubles the wait after each further one", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map(
      (attempts) => (retryAt(attempts, settings, 0)?.getTime() ?? 0) / 60_000,
    );
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });

  it("gives up once the last attempt failed, and after an operator's extra attempt", () => {
    expect(retryAt(8, settings, 0)).toBeNull();
    expect(retryAt(9, settings, 0)).toBeNull();
  });
});
