import { describe, expect, it } from "vitest";
import * as contract from "../../../../common/driver.ts";
import { BATCH_DISTANCE_METERS, BATCH_INTERVAL_MS, MAX_POINTS_PER_BATCH } from "./batching.ts";
import { POD_EXCEPTION_LABELS, POD_EXCEPTIONS, POD_NOTE_MAX, POD_RECEIVER_MAX } from "./driver-values.ts";

describe("the driver app's copy of the contract's values", () => {
  it("equals common/driver.ts", () => {
    expect(POD_EXCEPTIONS).toEqual(contract.POD_EXCEPTIONS);
    expect(POD_EXCEPTION_LABELS).toEqual(contract.POD_EXCEPTION_LABELS);
    expect(POD_RECEIVER_MAX).toBe(contract.POD_RECEIVER_MAX);
    expect(POD_NOTE_MAX).toBe(contract.POD_NOTE_MAX);
    expect(BATCH_INTERVAL_MS).toBe(contract.POSITION_SEND_SECONDS * 1000);
    expect(BATCH_DISTANCE_METERS).toBe(contract.POSITION_SEND_METERS);
    expect(MAX_POINTS_PER_BATCH).toBe(contract.MAX_DRIVER_POSITIONS);
  });
});
