import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors.ts";
import {
  containsPattern,
  containsText,
  likeLiteral,
  searchText,
  startsWithLiteral,
} from "./contains-text.ts";
import { withLikeEscape } from "./sqlite-like.ts";

describe("search text at the database", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(likeLiteral("A_1%\\x")).toBe("A\\_1\\%\\\\x");
    expect(containsPattern("50%")).toBe("%50\\%%");
    expect(startsWithLiteral("10.0_")).toEqual({ startsWith: "10.0\\_" });
    expect(containsText("postgresql", "a_b")).toEqual({ contains: "a\\_b", mode: "insensitive" });
    expect(containsText("sqlite", "a_b")).toEqual({ contains: "a\\_b" });
  });

  it("takes at most 200 clean characters, else a 400 naming search", () => {
    expect(searchText("x".repeat(200))).toHaveLength(200);
    expect(() => likeLiteral("x".repeat(201))).toThrowError("search is longer than 200 characters");
    expect(() => searchText("a\u0000b")).toThrowError(ValidationError);
  });

  it("gives Prisma's SQLite LIKEs an escape character, leaving the rest alone", () => {
    expect(withLikeEscape('SELECT 1 FROM "C" WHERE (`C`.`a` LIKE ? AND `C`.`b` LIKE ?)')).toBe(
      "SELECT 1 FROM \"C\" WHERE (`C`.`a` LIKE ? ESCAPE '\\' AND `C`.`b` LIKE ? ESCAPE '\\')",
    );
    expect(withLikeEscape("x ILIKE ? ESCAPE '\\'")).toBe("x ILIKE ? ESCAPE '\\'");
    expect(withLikeEscape("x LIKE ? ESCAPE '\\'")).toBe("x LIKE ? ESCAPE '\\'");
    expect(withLikeEscape("SELECT ?")).toBe("SELECT ?");
  });
});
