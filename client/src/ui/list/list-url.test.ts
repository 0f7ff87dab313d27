import { describe, expect, it } from "vitest";
import { CARRIER_LIST, carrierVariables } from "../../carriers/carrier-list-view.ts";
import { changeCriteria, defaultCriteria, type ListSpec, readCriteria, writeCriteria } from "./list-url.ts";

interface Filter {
  state: string;
}

const SPEC: ListSpec<Filter, "NAME" | "DATE"> = {
  sortFields: ["NAME", "DATE"],
  defaultSort: { field: "DATE", direction: "DESC" },
  pageSize: 50,
  pageSizes: [25, 100],
  emptyFilter: { state: "" },
  filterKeys: ["state"],
  readFilter: (params) => ({ state: params.get("state") ?? "" }),
  writeFilter: (filter, params) => {
    if (filter.state) params.set("state", filter.state);
  },
};

const read = (text: string) => readCriteria(SPEC, new URLSearchParams(text));
const write = (criteria: ReturnType<typeof read>, base?: string) =>
  writeCriteria(SPEC, criteria, base === undefined ? undefined : new URLSearchParams(base)).toString();

describe("a paged list in the address", () => {
  it("is the default list when the address says nothing, and writes nothing for it", () => {
    expect(read("")).toEqual({
      search: "",
      filter: { state: "" },
      sort: { field: "DATE", direction: "DESC" },
      page: 1,
      pageSize: 50,
    });
    expect(read("")).toEqual(defaultCriteria(SPEC));
    expect(write(read(""))).toBe("");
  });

  it("keeps search, filter, sort with its direction, page and page size through a round trip", () => {
    const criteria = {
      search: "acme freight",
      filter: { state: "TX" },
      sort: { field: "NAME" as const, direction: "ASC" as const },
      page: 4,
      pageSize: 100,
    };
    const address = write(criteria);
    expect(address).toBe("q=acme+freight&state=TX&sort=NAME&dir=asc&page=4&size=100");
    expect(read(address)).toEqual(criteria);
    // The default field the other way round is not the default: it is written.
    expect(write({ ...criteria, sort: { field: "DATE", direction: "ASC" } })).toContain("sort=DATE&dir=asc");
  });

  it("falls back to the default for what it cannot mean", () => {
    expect(read("sort=PASSWORD&dir=desc&page=0&size=7")).toEqual(defaultCriteria(SPEC));
    expect(read("page=2.5&size=-100")).toEqual(defaultCriteria(SPEC));
    expect(read("page=abc").page).toBe(1);
    expect(read(`q=${"x".repeat(300)}`).search).toHaveLength(100);
    expect(read("sort=NAME").sort).toEqual({ field: "NAME", direction: "ASC" });
  });

  it("trims the search and leaves keys it does not own (a view, a tab) alone", () => {
    const criteria = { ...read(""), search: "  tx  ", page: 2 };
    expect(write(criteria, "view=nass&state=CA&page=9")).toBe("view=nass&q=tx&page=2");
  });

  it("starts again from page 1 on any change but the page itself", () => {
    const onPage3 = { ...read(""), page: 3 };
    expect(changeCriteria(onPage3, { page: 5 }).page).toBe(5);
    expect(changeCriteria(onPage3, { search: "a" }).page).toBe(1);
    expect(changeCriteria(onPage3, { filter: { state: "NM" } }).page).toBe(1);
    expect(changeCriteria(onPage3, { sort: null }).page).toBe(1);
    expect(changeCriteria(onPage3, { pageSize: 25 })).toEqual({ ...onPage3, pageSize: 25, page: 1 });
  });

  it("gives the carrier list its criteria from the address (type, sort, page)", () => {
    const criteria = readCriteria(
      CARRIER_LIST,
      new URLSearchParams("q=blue&type=Rail&sort=CONTACT_NAME&dir=desc&page=2"),
    );
    expect(carrierVariables(criteria)).toEqual({
      search: "blue",
      filter: { type: "Rail" },
      orderBy: { field: "CONTACT_NAME", direction: "DESC" },
      page: 2,
      pageSize: 50,
    });
    expect(carrierVariables(readCriteria(CARRIER_LIST, new URLSearchParams("type=Boat")))).toEqual({
      search: null,
      filter: null,
      orderBy: { field: "CARRIER_NAME", direction: "ASC" },
      page: 1,
      pageSize: 50,
    });
    expect(writeCriteria(CARRIER_LIST, criteria).toString()).toBe(
      "q=blue&type=Rail&sort=CONTACT_NAME&dir=desc&page=2",
    );
  });
});
