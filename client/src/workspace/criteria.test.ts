import { describe, expect, it } from "vitest";
import { readCriteria, writeCriteria } from "../ui/list/list-url.ts";
import { AUDIT_LIST, auditFilterOf, tabOf, USER_LIST, WAITLIST_LIST } from "./criteria.ts";

describe("workspace criteria in the address", () => {
  it("reads the tab and falls back to users", () => {
    expect(tabOf(new URLSearchParams("tab=audit"))).toBe("audit");
    expect(tabOf(new URLSearchParams("tab=nope"))).toBe("users");
  });

  it("ignores unknown roles, statuses, sorts and pages", () => {
    expect(
      readCriteria(USER_LIST, new URLSearchParams("role=KING&status=sleepy&sort=x&page=-2&search=ann")),
    ).toEqual({
      search: "ann",
      filter: { role: null, status: null },
      sort: { field: "CREATED_AT", direction: "DESC" },
      page: 1,
      pageSize: 50,
    });
    expect(
      readCriteria(USER_LIST, new URLSearchParams("role=ADMIN&status=disabled&sort=EMAIL&dir=asc&page=3")),
    ).toMatchObject({
      filter: { role: "ADMIN", status: "disabled" },
      sort: { field: "EMAIL", direction: "ASC" },
      page: 3,
    });
    expect(readCriteria(WAITLIST_LIST, new URLSearchParams("view=gone")).filter).toEqual({ view: null });
  });

  it("keeps the tab, drops empty values and the default sort", () => {
    const criteria = readCriteria(USER_LIST, new URLSearchParams("tab=users&page=4&search=a"));
    const next = writeCriteria(
      USER_LIST,
      { ...criteria, search: "", page: 1 },
      new URLSearchParams("tab=users"),
    );
    expect(next.toString()).toBe("tab=users");
    expect(writeCriteria(USER_LIST, { ...criteria, page: 2 }).toString()).toBe("search=a&page=2");
  });

  it("turns day inputs into a whole-day range", () => {
    const read = (query: string) =>
      auditFilterOf(readCriteria(AUDIT_LIST, new URLSearchParams(query)).filter);
    const filter = read("from=2026-11-10&to=2026-11-11&to2=x");
    expect(new Date(filter.to!).getTime() - new Date(filter.from!).getTime()).toBe(2 * 86_400_000 - 1);
    expect(read("from=yesterday").from).toBeNull();
  });
});
