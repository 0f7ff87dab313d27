import { describe, expect, it } from "vitest";
import { setStoredZone } from "../lib/viewer-zone.ts";
import {
  activeFilterCount,
  criteriaFromParams,
  DEFAULT_CRITERIA,
  NO_FILTERS,
  paramsOf,
  variablesOf,
} from "./list-criteria.ts";

// Typed and shown dates are read in the viewer's zone: Eastern here.
setStoredZone("America/New_York");

describe("load list criteria", () => {
  it("start empty: newest first, page 1, 50 a page", () => {
    expect(criteriaFromParams(new URLSearchParams())).toEqual(DEFAULT_CRITERIA);
    expect(variablesOf(DEFAULT_CRITERIA)).toEqual({
      search: null,
      filter: null,
      orderBy: null,
      page: 1,
      pageSize: 50,
    });
  });

  it("round-trip through the address bar and drop what they do not know", () => {
    const criteria = {
      ...DEFAULT_CRITERIA,
      search: "usps-00",
      status: ["pending" as const, "delivered" as const],
      mode: ["RAIL" as const],
      pickupFrom: "2026-01-01",
      deliveryTo: "2026-02-01",
      sort: "PICKUP_DATE" as const,
      direction: "DESC" as const,
      page: 3,
    };
    expect(criteriaFromParams(paramsOf(criteria))).toEqual(criteria);
    const odd = criteriaFromParams(
      new URLSearchParams("status=pending,lost&mode=BOAT&sort=nope&page=-2&pickupFrom=soon"),
    );
    expect(odd).toEqual({ ...DEFAULT_CRITERIA, status: ["pending"] });
  });

  it("send dates as whole days in the viewer's zone (Eastern here) and a sort only when chosen", () => {
    const variables = variablesOf({
      ...DEFAULT_CRITERIA,
      search: "  abc ",
      pickupFrom: "2026-03-01",
      pickupTo: "2026-03-02",
      customer: " Acme ",
      sort: "LOAD_ID",
    });
    expect(variables).toEqual({
      search: "abc",
      filter: {
        customer: "Acme",
        pickupFrom: "2026-03-01T05:00:00.000Z",
        pickupTo: "2026-03-03T04:59:59.999Z",
      },
      orderBy: { field: "LOAD_ID", direction: "ASC" },
      page: 1,
      pageSize: 50,
    });
  });

  it("count each kind of filter once", () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(
      activeFilterCount({
        ...NO_FILTERS,
        status: ["pending", "cancelled"],
        pickupFrom: "2026-01-01",
        pickupTo: "2026-01-02",
      }),
    ).toBe(2);
  });
});
