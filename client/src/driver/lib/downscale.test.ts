import { describe, expect, it } from "vitest";
import { fitWithin, MAX_IMAGE_SIDE } from "./downscale.ts";

describe("photo downscaling (longest side 1,600 px)", () => {
  it("shrinks a landscape or portrait photo so its longest side is 1,600 px, keeping its shape", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 1000)).toEqual({ width: 1600, height: 400 });
    // Rounded to whole pixels.
    expect(fitWithin(3000, 2001)).toEqual({ width: 1600, height: 1067 });
  });

  it("leaves small photos alone (never enlarges)", () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it("keeps at least one pixel for an extreme strip, and refuses an empty image", () => {
    expect(fitWithin(100_000, 10)).toEqual({ width: MAX_IMAGE_SIDE, height: 1 });
    expect(() => fitWithin(0, 10)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 10)).toThrow(RangeError);
  });

  it("takes another limit", () => {
    expect(fitWithin(2000, 1000, 500)).toEqual({ width: 500, height: 250 });
  });
});
