import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import { pagedReply, readRestPage } from "./rest-paging.ts";

describe("REST paging", () => {
  it("reads page and limit with defaults and bounds", () => {
    expect(readRestPage(new URLSearchParams(""))).toEqual({ page: 1, limit: 50, offset: 0 });
    expect(readRestPage(new URLSearchParams("page=3&limit=20"))).toEqual({ page: 3, limit: 20, offset: 40 });
    for (const bad of ["page=0", "page=-1", "limit=501", "limit=abc", "page=1.5", "limit=1e3"]) {
      expect(() => readRestPage(new URLSearchParams(bad))).toThrow(DomainError);
    }
  });

  it("answers the array with paging headers", () => {
    const request = new Request("http://x.test/api/loads?page=2&limit=10&search=a");
    const reply = pagedReply([1, 2], { page: 2, limit: 10, offset: 10 }, 25, request);
    expect(reply.body).toEqual([1, 2]);
    expect(reply.headers).toMatchObject({ "x-total-count": "25", "x-page": "2", "x-page-count": "3" });
    expect(reply.headers?.link).toContain('rel="next"');
    expect(reply.headers?.link).toContain("search=a");
  });
});
