import { describe, expect, it } from "vitest";
import { setStoredZone } from "../lib/viewer-zone.ts";
import { readCriteria, writeCriteria } from "../ui/list/list-url.ts";
import { activeFilterCount, DEFAULT_CRITERIA, LOAD_LIST, NO_FILTERS, variablesOf } from "./list-criteria.ts";

const fromParams = (text: string) => readCriteria(LOAD_LIST, new URLSearchParams(text));

// Typed and shown dates are read in the viewer's zone: Eastern here.
setStoredZone("America/New_York");

describe("load list criteria", () => {
  it("start empty: newest first, page 1, 50 a page", () => {
    expect(DEFAULT_CRITERIA).toEqual({ search: "", filter: NO_FILTERS, sort: null, page: 1, pageSize: 50 });
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
      filter: {
        ...NO_FILTERS,
        status: ["pending" as const, "delivered" as const],
        stage: ["covered" as const, "departed" as const],
        mode: ["RAIL" as const],
        pickupFrom: "2026-01-01",
        deliveryTo: "2026-02-01",
      },
      sort: { field: "PICKUP_DATE" as const, direction: "DESC" as const },
      page: 3,
    };
    expect(readCriteria(LOAD_LIST, writeCriteria(LOAD_LIST, criteria))).toEqual(criteria);
    expect(writeCriteria(LOAD_LIST, criteria).toString()).toBe(
      "q=usps-00&status=pending%2Cdelivered&stage=covered%2Cdeparted&mode=RAIL&pickupFrom=2026-01-01&deliveryTo=2026-02-01&sort=PICKUP_DATE&dir=desc&page=3",
    );
    const odd = fromParams(
      "status=pending,lost&stage=somewhere&mode=BOAT&sort=nope&page=-2&pickupFrom=soon&size=7",
    );
    expect(odd).toEqual({ ...DEFAULT_CRITERIA, filter: { ...NO_FILTERS, status: ["pending"] } });
  });

  it("send dates as whole days in the viewer's zone (Eastern here) and a sort only when chosen", () => {
    const variables = variablesOf({
      ...DEFAULT_CRITERIA,
      search: "  abc ",
      filter: { ...NO_FILTERS, pickupFrom: "2026-03-01", pickupTo: "2026-03-02", customer: " Acme " },
      sort: { field: "LOAD_ID", direction: "ASC" },
      pageSize: 100,
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
      pageSize: 100,
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
