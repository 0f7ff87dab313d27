import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RestRoute } from "../../server/http/router.ts";
import { restRoutes } from "../../server/rest.ts";
import { adminAndCarrier, createTestApp, rest, type Session, type TestApp } from "../support/app.ts";

/**
 * Walks every REST route: each states who may call it (`access` on RestRoute), anonymous callers
 * of a non-public route get 401 and a carrier calling an admin route gets 403, before anything is
 * read or written. A route added without `access` fails here.
 */
let t: TestApp;
let carrier: Session;

beforeAll(async () => {
  t = await createTestApp();
  carrier = (await adminAndCarrier(t.app)).carrierSession;
});
afterAll(() => t.close());

const label = (route: RestRoute) => `${route.method} /api${route.path}`;
const pathOf = (route: RestRoute) => route.path.replace(/:[^/]+/g, "walk-0001");
const bodyOf = (route: RestRoute) => (["POST", "PUT", "PATCH"].includes(route.method) ? {} : undefined);

describe("REST route rules", () => {
  it("gives every route an access rule", () => {
    expect(restRoutes.filter((route) => route.access === undefined).map(label)).toEqual([]);
  });

  const guarded = restRoutes.filter((route) => route.access !== "public");
  it.each(guarded.map((route) => [label(route), route] as const))(
    "%s answers 401 to anonymous callers",
    async (_name, route) => {
      const result = await rest(t.app, route.method, pathOf(route), bodyOf(route));
      expect(result.status).toBe(401);
    },
  );

  const adminOnly = restRoutes.filter((route) => route.access === "admin");
  it.each(adminOnly.map((route) => [label(route), route] as const))(
    "%s answers 403 to a carrier",
    async (_name, route) => {
      const result = await rest(t.app, route.method, pathOf(route), bodyOf(route), { token: carrier.token });
      expect(result.status).toBe(403);
    },
  );
});
