import { describe, expect, it } from "vitest";
import { DUPLICATE_SEQUENCE, LOADS_REQUIRED } from "../../../common/routing.ts";
import { routeFormProblems } from "./route-form.ts";

const nass = { id: "n1", code: "CHI01" };

describe("routeFormProblems", () => {
  it("flags duplicate and malformed sequences, missing NASS codes and no loads", () => {
    const problems = routeFormProblems(
      [
        { key: "a", sequence: "1", type: "pickup", nass },
        { key: "b", sequence: "1", type: "delivery", nass },
        { key: "c", sequence: "x", type: "stop", nass: null },
      ],
      [],
    );
    expect(problems).toEqual({
      "stops.1.sequence": DUPLICATE_SEQUENCE,
      "stops.2.sequence": "Sequence must be a whole number of 0 or more",
      "stops.2.nass": "Choose the stop's NASS code",
      assignedLoads: LOADS_REQUIRED,
    });
  });

  it("accepts distinct sequences with NASS codes and at least one load", () => {
    expect(routeFormProblems([{ key: "a", sequence: "2", type: "pickup", nass }], ["L-1"])).toEqual({});
  });
});
