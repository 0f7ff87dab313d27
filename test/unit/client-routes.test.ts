import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENT_ROUTE_PATTERNS, isClientRoute } from "../../common/client-routes.ts";

/** The top-level paths routes.tsx declares: public screens, the two areas, the workspace screens. */
function declaredTopLevelPaths(): string[] {
  const source = readFileSync("client/src/routes.tsx", "utf8");
  const absolute = [...source.matchAll(/(?:screen\(|path: )"(\/[^"]*)"/g)].map((match) => match[1]);
  return absolute.map((path) => (path === "/admin" || path === "/carrier" ? `${path}/*` : path));
}

describe("client routes the server knows", () => {
  it("lists exactly the top-level paths of client/src/routes.tsx", () => {
    expect([...CLIENT_ROUTE_PATTERNS].sort()).toEqual([...new Set(declaredTopLevelPaths())].sort());
  });

  it("matches screens, areas and parameters, and nothing else", () => {
    for (const path of ["/", "/login", "/admin", "/admin/ila/load/42", "/carrier/", "/track/abc"]) {
      expect(isClientRoute(path), path).toBe(true);
    }
    for (const path of ["/api/nope", "/metrics", "/readyz", "/track", "/track/a/b", "/administrator", "/x"]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });
});
