import { describe, expect, it } from "vitest";
import { tenderTimeLeft } from "./tender-countdown.ts";

describe("tenderTimeLeft", () => {
  const now = Date.parse("2026-11-27T10:00:00Z");
  it("counts minutes and seconds under an hour, hours and minutes above, and says Expired after", () => {
    expect(tenderTimeLeft("2026-11-27T10:59:12Z", now)).toBe("59:12 left");
    expect(tenderTimeLeft("2026-11-27T11:05:00Z", now)).toBe("1 h 05 min left");
    expect(tenderTimeLeft("2026-11-27T10:00:00Z", now)).toBe("Expired");
    expect(tenderTimeLeft("not a date", now)).toBe("Expired");
  });
});
