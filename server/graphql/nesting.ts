import { GraphQLError } from "graphql";

/** Deeper than any real document; far below what the recursive parser survives. */
export const MAX_NESTING = 64;

/**
 * The deepest bracket nesting ({ [ ( ) ] }) of a GraphQL source, outside strings and comments:
 * one linear pass, so a 5,000-deep document is refused before the recursive parser sees it.
 */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === "#") {
      while (index < source.length && source[index] !== "\n" && source[index] !== "\r") index++;
    } else if (char === '"') {
      if (source.startsWith('"""', index)) {
        const end = source.indexOf('"""', index + 3);
        index = end === -1 ? source.length : end + 2;
      } else {
        index++;
        while (index < source.length && source[index] !== '"' && source[index] !== "\n") {
          if (source[index] === "\\") index++;
          index++;
        }
      }
    } else if (char === "{" || char === "[" || char === "(") {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === "}" || char === "]" || char === ")") {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

export function assertNestingWithinLimit(source: string): void {
  const depth = nestingDepth(source);
  if (depth > MAX_NESTING) {
    throw new GraphQLError(`Syntax Error: Document nested too deeply (${depth} > ${MAX_NESTING}).`, {
      extensions: { code: "GRAPHQL_PARSE_FAILED" },
    });
  }
}
