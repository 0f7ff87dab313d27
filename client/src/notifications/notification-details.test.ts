import { describe, expect, it } from "vitest";
import { formatMoney, formatPlace, parseWinnerDetails } from "./notification-details.ts";

describe("winner details", () => {
  it("reads the load id and the trip from the JSON", () => {
    expect(
      parseWinnerDetails(
        JSON.stringify({ loadId: 42, originCity: "Dallas", bidAmount: 900, distance: "12", x: {} }),
      ),
    ).toEqual({ loadId: "42", originCity: "Dallas", bidAmount: 900, distance: "12" });
  });

  it("tolerates missing or broken JSON", () => {
    expect(parseWinnerDetails(null)).toEqual({ loadId: null });
    expect(parseWinnerDetails("{oops")).toEqual({ loadId: null });
    expect(parseWinnerDetails("[1,2]")).toEqual({ loadId: null });
    expect(parseWinnerDetails(JSON.stringify({ loadId: "" }))).toEqual({ loadId: null });
  });

  it("formats places and money", () => {
    expect(formatPlace("Dallas", "TX")).toBe("Dallas, TX");
    expect(formatPlace(undefined, undefined)).toBe("—");
    expect(formatMoney(1250)).toBe("$1,250.00");
    expect(formatMoney("n/a")).toBe("n/a");
    expect(formatMoney(undefined)).toBe("—");
  });
});
