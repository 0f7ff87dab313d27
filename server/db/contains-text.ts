import { SEARCH_TEXT_MAX, textProblem, textProblemMessage } from "../../common/input-text.ts";
import { ValidationError } from "../errors.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import type { DbProvider } from "./client.ts";

/**
 * The one way search text reaches a statement: every "contains" or "starts with" a caller's text
 * drives (Prisma filters, raw SQL LIKE/ILIKE, instr, FTS5 phrases) takes it through here, so it
 * is at most SEARCH_TEXT_MAX characters of clean text (else a 400 naming `search`) and LIKE's
 * wildcards match themselves on both databases.
 */

/** The text as a search takes it, or a ValidationError naming `search`. */
export function searchText(term: string): string {
  const problem = textProblem(term, SEARCH_TEXT_MAX);
  if (problem === null) return term;
  const message = textProblemMessage(problem, "search", SEARCH_TEXT_MAX);
  throw new ValidationError(message, [{ field: "search", message }]);
}

/**
 * LIKE's wildcards `%` and `_`, and its escape character `\`, taken literally (escaped with a
 * backslash). PostgreSQL's LIKE escapes with `\` by default; SQLite's LIKE has no default, so
 * the SQLite client adds `ESCAPE '\'` to Prisma's LIKEs (see sqlite-like.ts) and raw SQL says it.
 */
export function likeLiteral(term: string): string {
  return searchText(term).replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%term%` for a raw `LIKE ? ESCAPE '\'` / `ILIKE ? ESCAPE '\'`. */
export function containsPattern(term: string): string {
  return `%${likeLiteral(term)}%`;
}

/** "Contains", case-sensitive, for Prisma filters. */
export function containsLiteral(term: string): Prisma.StringFilter {
  return { contains: likeLiteral(term) };
}

/** "Starts with", case-sensitive, for Prisma filters. */
export function startsWithLiteral(term: string): Prisma.StringFilter {
  return { startsWith: likeLiteral(term) };
}

/**
 * A case-insensitive "contains" for Prisma filters. SQLite's LIKE already ignores ASCII case;
 * PostgreSQL needs `mode: insensitive`, which the SQLite client's types (the ones the app is
 * typed with) lack.
 */
export function containsText(provider: DbProvider, term: string): Prisma.StringFilter {
  return provider === "postgresql"
    ? ({ ...containsLiteral(term), mode: "insensitive" } as Prisma.StringFilter)
    : containsLiteral(term);
}

/** A case-insensitive "starts with" for Prisma filters (see containsText). */
export function startsWithText(provider: DbProvider, term: string): Prisma.StringFilter {
  return provider === "postgresql"
    ? ({ ...startsWithLiteral(term), mode: "insensitive" } as Prisma.StringFilter)
    : startsWithLiteral(term);
}
