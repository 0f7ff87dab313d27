import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("relativeTime", () => {
  it("says just now under a minute, and for a time a little ahead", () => {
    expect(relativeTime(ago(0), now)).toBe("just now");
    expect(relativeTime(ago(59_999), now)).toBe("just now");
    expect(relativeTime(ago(-5_000), now)).toBe("just now");
  });

  it("counts whole minutes, hours and days, singular and plural", () => {
    expect(relativeTime(ago(60_000), now)).toBe("1 minute ago");
    expect(relativeTime(ago(59 * 60_000 + 59_000), now)).toBe("59 minutes ago");
    expect(relativeTime(ago(3_600_000), now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * 3_600_000), now)).toBe("23 hours ago");
    expect(relativeTime(ago(24 * 3_600_000), now)).toBe("1 day ago");
    expect(relativeTime(ago(40 * 24 * 3_600_000), now)).toBe("40 days ago");
  });

  it("takes dates, ISO text and epoch numbers", () => {
    expect(relativeTime(new Date(now - 2 * 60_000), now)).toBe("2 minutes ago");
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe("3 hours ago");
  });
});
