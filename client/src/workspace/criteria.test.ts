import { describe, expect, it } from "vitest";
import { auditCriteria, auditFilterOf, tabOf, userCriteria, withChanges } from "./criteria.ts";

describe("workspace criteria in the address", () => {
  it("reads the tab and falls back to users", () => {
    expect(tabOf(new URLSearchParams("tab=audit"))).toBe("audit");
    expect(tabOf(new URLSearchParams("tab=nope"))).toBe("users");
  });

  it("ignores unknown roles, statuses, sorts and pages", () => {
    expect(userCriteria(new URLSearchParams("role=KING&status=sleepy&sort=x&page=-2&search=ann"))).toEqual({
      search: "ann",
      role: null,
      status: null,
      sort: "newest",
      page: 1,
    });
    expect(userCriteria(new URLSearchParams("role=ADMIN&status=disabled&sort=email&page=3"))).toMatchObject({
      role: "ADMIN",
      status: "disabled",
      sort: "email",
      page: 3,
    });
  });

  it("resets the page on a new criterion and drops empty values", () => {
    const next = withChanges(new URLSearchParams("tab=users&page=4&search=a"), { search: "" });
    expect(next.toString()).toBe("tab=users");
    expect(withChanges(next, { page: 2 }).toString()).toBe("tab=users&page=2");
  });

  it("turns day inputs into a whole-day range", () => {
    const filter = auditFilterOf(auditCriteria(new URLSearchParams("from=2026-11-01&to=2026-11-02&to2=x")));
    expect(new Date(filter.to!).getTime() - new Date(filter.from!).getTime()).toBe(2 * 86_400_000 - 1);
    expect(auditFilterOf(auditCriteria(new URLSearchParams("from=yesterday"))).from).toBeNull();
  });
});
