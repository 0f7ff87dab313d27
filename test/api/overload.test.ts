import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { OVERLOADED_MESSAGE } from "../../server/http/overload.ts";
import { adminAndCarrier, createTestApp, gql, type TestApp } from "../support/app.ts";

/**
 * More GraphQL and REST requests than GRAPHQL_MAX_IN_FLIGHT at once: the extra ones get a fast 503
 * with Retry-After in their API's error shape, over a real socket, and the gate opens again afterwards.
 */
describe("GraphQL overload", () => {
  let testApp: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp({ graphqlMaxInFlight: 2, host: "127.0.0.1" });
    ({
      adminSession: { token },
    } = await adminAndCarrier(testApp.app));
    base = await testApp.app.start(0);
  });
  afterAll(() => testApp?.close());

  const ask = () =>
    fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, [CSRF_HEADER]: "1" },
      body: JSON.stringify({ query: "{ loads(page: 1) { totalCount edges { node { loadId } } } }" }),
    });

  /** A request whose body is still arriving: it holds its place until `finish`. */
  function held(path = "/graphql"): { finish(): Promise<number> } {
    const body =
      path === "/graphql"
        ? JSON.stringify({ query: "{ loads(page: 1) { totalCount } }" })
        : JSON.stringify({ email: "nobody@example.com", password: "not-the-password", platform: "desktop" });
    const request = httpRequest(`${base}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        [CSRF_HEADER]: "1",
        "transfer-encoding": "chunked",
      },
    });
    const status = new Promise<number>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", reject);
    });
    request.write(body.slice(0, 10));
    return {
      finish() {
        request.end(body.slice(10));
        return status;
      },
    };
  }

  it("answers a request past the limit 503 at once and serves again once the others are done", async () => {
    const first = held();
    const second = held();
    // Both are admitted once their headers arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await ask();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({
      errors: [{ message: OVERLOADED_MESSAGE, extensions: { code: "OVERLOADED" } }],
    });
    expect(await first.finish()).toBe(200);
    expect(await second.finish()).toBe(200);
    for (let round = 0; round < 3; round++) {
      const answer = await ask();
      expect(answer.status).toBe(200);
      expect((await answer.json()).data.loads.totalCount).toBe(0);
    }
  });

  it("counts REST and GraphQL together, and refuses each in its own shape", async () => {
    // A GraphQL request and a REST one (a sign-in whose body is still arriving) take both places.
    const graphql = held();
    const signIn = held("/api/auth/login");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refusedGraphQL = await ask();
    expect(refusedGraphQL.status).toBe(503);
    const refusedRest = await fetch(`${base}/api/loads?page=1&limit=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refusedRest.status).toBe(503);
    expect(refusedRest.headers.get("retry-after")).toBe("1");
    expect(await refusedRest.json()).toEqual({
      message: OVERLOADED_MESSAGE,
      error: OVERLOADED_MESSAGE,
      code: "OVERLOADED",
    });
    expect(await graphql.finish()).toBe(200);
    expect(await signIn.finish()).toBe(401);
    const served = await fetch(`${base}/api/loads?page=1&limit=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.status).toBe(200);
  });

  it("releases its place after every answer, in process too (app.fetch)", async () => {
    for (let round = 0; round < 10; round++) {
      const result = await gql(testApp.app, "{ loads(page: 1) { totalCount } }", {}, { token });
      expect(result.status).toBe(200);
    }
  });
});
