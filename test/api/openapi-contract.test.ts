import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import type { Method, RestRoute } from "../../server/http/router.ts";
import { restRoutes } from "../../server/rest.ts";
import { adminAndCarrier, BASE, createTestApp, rest, type TestApp } from "../support/app.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";
import { bid, biddableLoad, openOffer } from "../support/offers.ts";

/**
 * The OpenAPI document describes the real API: every route says what it does, what it answers
 * and (when it reads one) what body it takes, and the answers of representative routes match the
 * schemas the document shows for them.
 */

const label = (route: RestRoute) => `${route.method} /api${route.path}`;
const WRITES = new Set<Method>(["POST", "PUT", "PATCH"]);
/** A handler that reads `body` takes a JSON body (a `rawBody` route takes bytes). */
const readsBody = (route: RestRoute) => /\bbody\b/.test(route.handle.toString());
const successes = (route: RestRoute) =>
  Object.keys(route.schema?.response ?? {}).filter((status) => /^2\d\d$/.test(status));

describe("route schemas", () => {
  it("gives every route a summary", () => {
    expect(restRoutes.filter((route) => !route.schema?.summary?.trim()).map(label)).toEqual([]);
  });

  it("documents a success answer of every route", () => {
    expect(restRoutes.filter((route) => successes(route).length === 0).map(label)).toEqual([]);
  });

  it("documents the JSON body of every route that reads one", () => {
    const missing = restRoutes.filter(
      (route) => WRITES.has(route.method) && !route.rawBody && readsBody(route) && !route.schema?.body,
    );
    expect(missing.map(label)).toEqual([]);
  });

  it("describes in words the body of a route that takes bytes", () => {
    const raw = restRoutes.filter((route) => route.rawBody);
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.filter((route) => (route.schema?.description ?? "").length < 80).map(label)).toEqual([]);
  });
});

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

describe("the served document", () => {
  it("shows each operation's summary and a success answer with its content", async () => {
    const response = await t.app.fetch(new Request(`${BASE}/api/openapi.json`));
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<string, { summary?: string; responses?: Record<string, { content?: object }> }>
      >;
    };
    const lacking = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => {
          const answers = Object.entries(operation.responses ?? {});
          const success = answers.some(([status, answer]) => /^2\d\d$/.test(status) && answer.content);
          // Without a summary of its own, a route is shown by its method and path.
          return !operation.summary || /^[A-Z]+ \/api\//.test(operation.summary) || !success;
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(lacking).toEqual([]);
  });

  it("says that every operation may answer 503 while the database is unreachable", async () => {
    const response = await t.app.fetch(new Request(`${BASE}/api/openapi.json`));
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { responses?: object }>>;
    };
    const silent = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !Object.keys(operation.responses ?? {}).includes("503"))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(silent).toEqual([]);
  });
});

/** The zod schema the document shows for a route's answer. */
function documented(method: Method, path: string, status = 200): ZodType {
  const route = restRoutes.find((candidate) => candidate.method === method && candidate.path === path);
  const schema = route?.schema?.response?.[status];
  if (!schema || !("safeParse" in schema)) throw new Error(`${method} ${path} documents no JSON ${status}`);
  return schema;
}

/** The answer matches the documented schema, and holds no field the schema leaves out. */
function expectDocumented(method: Method, path: string, status: number, body: unknown) {
  const result = documented(method, path, status).safeParse(body);
  expect(result.error?.issues ?? []).toEqual([]);
  // Object schemas drop what they do not name: an answer equal to its parse has nothing undocumented.
  expect(result.data).toEqual(body);
}

describe("answers match the documented schemas", () => {
  it("login and the session", async () => {
    const login = await rest(t.app, "POST", "/auth/login", {
      email: "carrier@example.com",
      password: "correct-horse-42",
      platform: "mobile",
    });
    expect(login.status).toBe(200);
    expectDocumented("POST", "/auth/login", 200, login.body);

    const session = await rest(t.app, "GET", "/auth/check-session", undefined, {
      token: world.carrierSession.token,
    });
    expectDocumented("GET", "/auth/check-session", 200, session.body);
    const profile = await rest(t.app, "GET", "/user/profile", undefined, {
      token: world.carrierSession.token,
    });
    expectDocumented("GET", "/user/profile", 200, profile.body);
  });

  it("the loads list and a load", async () => {
    const [pickup, delivery] = await createNassCodes(t.app, ["OAC-P1", "OAC-D1"]);
    const { driver } = await carrierWithDriver(t.app, "oac");
    await uploadLoads(t.app, world.adminSession.token, [
      { "Load ID": "OAC-1", Customer: "USPS", Status: "in_transit", "Pickup Date": "2026-03-02T08:00:00Z" },
      { "Load ID": "OAC-2", Customer: "USPS" },
    ]);
    const edited = await rest(
      t.app,
      "PUT",
      "/loads/OAC-1",
      {
        weight: 1200.5,
        additionalData: { dock: 4 },
        stops: [
          { sequence: 1, type: "pickup", nass: pickup.code },
          { sequence: 2, type: "delivery", nass: delivery.id },
        ],
      },
      { token: world.adminSession.token },
    );
    expect(edited.status).toBe(200);
    expectDocumented("PUT", "/loads/:loadId", 200, edited.body);
    const assigned = await rest(
      t.app,
      "PATCH",
      "/loads/OAC-1",
      { user: driver.userId },
      {
        token: world.adminSession.token,
      },
    );
    expect(assigned.status).toBe(200);
    expectDocumented("PATCH", "/loads/:id", 200, assigned.body);

    const list = await rest<unknown[]>(t.app, "GET", "/loads?limit=10", undefined, {
      token: world.adminSession.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(2);
    expectDocumented("GET", "/loads", 200, list.body);
    const last = await rest(t.app, "GET", "/loads/last", undefined, { token: world.adminSession.token });
    expectDocumented("GET", "/loads/last", 200, last.body);
  });

  it("a carrier and its drivers", async () => {
    const created = await createCarrierAs(t.app, world.adminSession.token, 901);
    expectDocumented("POST", "/carriers", 201, created);
    const attached = await rest(
      t.app,
      "POST",
      `/carriers/${created._id}/drivers`,
      { email: "carrier@example.com" },
      { token: world.adminSession.token },
    );
    expect(attached.status).toBe(200);
    expectDocumented("POST", "/carriers/:id/drivers", 200, attached.body);
    const carrier = await rest(t.app, "GET", `/carriers/${created.carrierId}`, undefined, {
      token: world.adminSession.token,
    });
    expect(carrier.status).toBe(200);
    expectDocumented("GET", "/carriers/:id", 200, carrier.body);
    const list = await rest(t.app, "GET", "/carriers", undefined, { token: world.adminSession.token });
    expectDocumented("GET", "/carriers", 200, list.body);
  });

  it("an offer, as an operator and as a bidding carrier", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId, { targetRate: 1500 });
    expectDocumented("POST", "/offers", 201, offer);
    const placed = await bid(t.app, world.carrierSession.token, offer._id, 1450.25);
    expect(placed.status).toBe(201);
    expectDocumented("POST", "/bids/createBid", 201, placed.body);

    for (const session of [world.adminSession, world.carrierSession]) {
      const one = await rest(t.app, "GET", `/offers/active-offers/${load.loadId}`, undefined, {
        token: session.token,
      });
      expect(one.status).toBe(200);
      expectDocumented("GET", "/offers/active-offers/:loadId", 200, one.body);
      const list = await rest(t.app, "GET", "/offers/active-offers", undefined, { token: session.token });
      expectDocumented("GET", "/offers/active-offers", 200, list.body);
    }
    const bidders = await rest(t.app, "GET", `/bids/users-bid/${offer._id}`, undefined, {
      token: world.adminSession.token,
    });
    expectDocumented("GET", "/bids/users-bid/:offerId", 200, bidders.body);
    const mine = await rest(t.app, "GET", `/bids/user-amount-bid/${offer._id}`, undefined, {
      token: world.carrierSession.token,
    });
    expectDocumented("GET", "/bids/user-amount-bid/:offerId", 200, mine.body);
  });

  it("an error answer", async () => {
    const refused = await rest(
      t.app,
      "POST",
      "/carriers",
      { carrierName: "" },
      { token: world.adminSession.token },
    );
    expect(refused.status).toBe(400);
    expectDocumented("POST", "/carriers", 400, refused.body);
    const missing = await rest(t.app, "GET", "/loads/NO-SUCH-LOAD", undefined, {
      token: world.adminSession.token,
    });
    expect(missing.status).toBe(404);
    expectDocumented("GET", "/loads/:id", 404, missing.body);
  });
});
