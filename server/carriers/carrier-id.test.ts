import { describe, expect, it } from "vitest";
import { formatCarrierId, normalizeCarrierIdRef } from "./carrier-id.ts";

describe("carrier ids", () => {
  it("pads the sequence to six digits and reads any case", () => {
    expect(formatCarrierId(123)).toBe("CAR-000123");
    expect(normalizeCarrierIdRef(" car-000123 ")).toBe("CAR-000123");
    expect(normalizeCarrierIdRef("ckxyz")).toBe("ckxyz");
  });
});
