import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE, createTestApp, createUser, loginAs, type Session, type TestApp } from "../support/app.ts";
import { LEAK, overWebSocket, rawGraphQL } from "../support/raw.ts";

let t: TestApp;
let url: string;
let admin: Session;
let carrier: Session;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "freightway-dist-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Freightway</title>");
  t = await createTestApp({ clientDistDir: dist });
  url = await t.app.start(0);
  await createUser(t.app, { email: "surrogate-admin@example.com", role: "ADMIN" });
  await createUser(t.app, { email: "surrogate-carrier@example.com" });
  admin = await loginAs(t.app, "surrogate-admin@example.com");
  carrier = await loginAs(t.app, "surrogate-carrier@example.com");
});
afterAll(() => t.close());

/** A JSON body whose string holds `\ud800` as an escape: valid JSON, invalid Unicode. */
const LONE = "\\ud800";

async function send(
  method: string,
  path: string,
  body: string,
  token?: string,
  contentType = "application/json",
) {
  const response = await t.app.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers: { "content-type": contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    }),
    { ip: "10.9.9.9" },
  );
  return { status: response.status, text: await response.text() };
}

describe("lone UTF-16 surrogates", () => {
  it("are refused with 400 on every REST route that reads JSON, before any service", async () => {
    const cases: [string, string, string, string | undefined][] = [
      [
        "POST",
        "/api/contact",
        `{"email":"a@example.com","name":"A${LONE}","message":"hello there"}`,
        undefined,
      ],
      [
        "POST",
        "/api/auth/login",
        `{"email":"x${LONE}@example.com","password":"p","platform":"desktop"}`,
        undefined,
      ],
      [
        "POST",
        "/api/auth/register",
        `{"email":"n${LONE}@example.com","password":"Passw0rd!x","phoneNumber":"+12025550123","platform":"desktop"}`,
        undefined,
      ],
      ["POST", "/api/emails/send-email", `{"email":"x${LONE}@example.com"}`, undefined],
      ["POST", `/api/user/${carrier.userId}`, `{"fullName":"Name ${LONE}"}`, carrier.token],
      [
        "POST",
        "/api/loads",
        `{"stream":"USPS","fileNames":["a.csv"],"loads":[{"Load ID":"L-${LONE}","Route Number":"R-1"}]}`,
        admin.token,
      ],
      [
        "POST",
        "/api/loads",
        `{"stream":"USPS","loads":[{"Load ID":"L-1","Route${LONE}":"R-1"}]}`,
        admin.token,
      ],
      ["POST", "/api/contact", `{"email":"a@example.com","name":"A","message":"x\\udc00y"}`, undefined],
      ["POST", "/api/carriers", `{"carrierName":"C${LONE}"}`, admin.token],
      ["PUT", "/api/loads/any-load", `{"bol":"B${LONE}"}`, admin.token],
    ];
    for (const [method, path, body, token] of cases) {
      const result = await send(method, path, body, token);
      expect(result.status, `${method} ${path}`).toBe(400);
      expect(result.text).toMatch(/valid Unicode/);
      expect(result.text).not.toMatch(LEAK);
    }
    expect(await t.app.deps.db.load.count()).toBe(0);
    expect(await t.app.deps.db.contactMessage.count()).toBe(0);
    // A proper surrogate pair (an emoji) is fine.
    const pair = await send(
      "POST",
      "/api/contact",
      '{"email":"b@example.com","name":"B \\ud83d\\ude9a","message":"hello there"}',
    );
    expect(pair.status).toBeLessThan(300);
  });

  it("are refused in GraphQL variables over HTTP and WebSocket", async () => {
    const mutation =
      "mutation ($input: SendContactMessageInput!) { sendContactMessage(input: $input) { __typename } }";
    const body = `{"query":${JSON.stringify(mutation)},"variables":{"input":{"email":"c@example.com","name":"C${LONE}","message":"hello there"}}}`;
    const result = await rawGraphQL(t.app, body);
    expect(result.status).toBe(400);
    expect(result.text).toMatch(/valid Unicode/);
    const overWs = await overWebSocket(url, "query ($s: String) { __typename }", {
      token: carrier.token,
      variables: { s: "\ud800" },
    });
    expect(overWs.errors[0]?.message).toMatch(/valid Unicode/);
    const inDocument = await rawGraphQL(t.app, `{"query":"{ node(id: \\"${LONE}\\") { id } }"}`, {
      token: admin.token,
    });
    expect(inDocument.status).toBe(400);
  });

  it("bytes that are not UTF-8 are refused, not replaced", async () => {
    const response = await t.app.fetch(
      new Request(`${BASE}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.concat([
          Buffer.from('{"email":"d@example.com","name":"'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('","message":"hello there"}'),
        ]),
      }),
      { ip: "10.9.9.8" },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/UTF-8/);
  });
});

describe("the static handler", () => {
  it("answers 400 for paths that are not valid percent-encoding, 404 for odd ones", async () => {
    for (const path of ["/%ff", "/%E0%A4%A", "/%", "/assets/%c0%af", "/a%ffb/c"]) {
      const response = await t.app.fetch(new Request(`${BASE}${path}`));
      expect(response.status, path).toBe(400);
    }
    for (const path of [
      "/%00",
      "/assets/x%00.js",
      "/..%2f..%2fetc%2fpasswd",
      "/assets/..%2f..%2fpackage.json",
    ]) {
      const response = await t.app.fetch(new Request(`${BASE}${path}`));
      expect(response.status, path).toBeLessThan(500);
      expect(await response.text()).not.toMatch(/"name":|root:/);
    }
    expect((await t.app.fetch(new Request(`${BASE}/admin/ila/load`))).status).toBe(200);
  });
});

describe("a GraphQL request that is not a GraphQL request", () => {
  it("answers 400 without a query, whatever the method and the accepted type", async () => {
    const posts = ["{}", '{"variables":{}}', '{"query":null}', '{"query":""}', '{"operationName":"X"}'];
    for (const body of posts) {
      for (const accept of ["application/json", "application/graphql-response+json"]) {
        const response = await t.app.fetch(
          new Request(`${BASE}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", accept, "x-graphql-yoga-csrf": "1" },
            body,
          }),
        );
        expect(response.status, `${body} ${accept}`).toBe(400);
        expect(await response.text()).toMatch(/"errors":\[/);
      }
    }
    for (const search of ["", "?variables=%7B%7D", "?query="]) {
      const response = await t.app.fetch(
        new Request(`${BASE}/graphql${search}`, {
          headers: { accept: "application/json", "x-graphql-yoga-csrf": "1" },
        }),
      );
      expect(response.status, search).toBe(400);
    }
  });
});
