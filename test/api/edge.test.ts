import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../server/rest.ts";
import { adminAndCarrier, createTestApp, type TestApp } from "../support/app.ts";
import { seedLoads } from "../support/seed-loads.ts";

/** A built client stand-in: an index, the landing page, a hashed asset with its .br/.gz twins. */
function fakeClient(): string {
  const dir = mkdtempSync(join(tmpdir(), "freightway-client-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
  writeFileSync(join(dir, "landing.html"), "<!doctype html><title>landing</title>");
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  writeFileSync(join(dir, "assets", "index-abc123.js"), script);
  writeFileSync(join(dir, "assets", "index-abc123.js.br"), brotliCompressSync(script));
  writeFileSync(join(dir, "assets", "index-abc123.js.gz"), gzipSync(script));
  writeFileSync(join(dir, "assets", "csv.worker-def456.js"), "self.onmessage = () => undefined;");
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over a real socket, the body left as sent (compressed or not). */
function call(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method: options.method ?? "GET",
        // Stated, since Node sends a DELETE's body without a length (and the server reads it as
        // the next request).
        headers: {
          ...(options.body === undefined
            ? {}
            : { "content-length": String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body.toString("utf8")) as Record<string, unknown>;

let t: TestApp;
let base: string;
let clientDir: string;
let adminToken: string;

beforeAll(async () => {
  clientDir = fakeClient();
  t = await createTestApp({
    clientDistDir: clientDir,
    host: "127.0.0.1",
    corsOrigins: ["https://partner.example.com"],
    headersTimeoutMs: 500,
    requestTimeoutMs: 1_000,
  });
  base = await t.app.start(0);
  adminToken = (await adminAndCarrier(t.app)).adminSession.token;
  await seedLoads(t.app.deps.db, t.database.url, 60);
});

afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("compression", () => {
  it("answers REST and GraphQL in br or gzip as the client accepts, identity otherwise", async () => {
    const auth = { authorization: `Bearer ${adminToken}` };
    const loads = await call(base, "/api/loads?limit=50", {
      headers: { ...auth, "accept-encoding": "br, gzip" },
    });
    expect(loads.status).toBe(200);
    expect(loads.headers["content-encoding"]).toBe("br");
    const rows = JSON.parse(brotliDecompressSync(loads.body).toString()) as unknown[];
    expect(rows).toHaveLength(50);
    expect(loads.body.length).toBeLessThan(JSON.stringify(rows).length / 5);
    // Small answers are not worth compressing; a GraphQL introspection answer is large.
    const query = JSON.stringify({ query: "{ __schema { types { name description } } }" });
    const headers = { ...auth, "content-type": "application/json", "x-graphql-yoga-csrf": "1" };
    const graphBr = await call(base, "/graphql", {
      method: "POST",
      headers: { ...headers, "accept-encoding": "br" },
      body: query,
    });
    expect(graphBr.status).toBe(200);
    expect(graphBr.headers["content-encoding"]).toBe("br");
    expect(
      JSON.parse(brotliDecompressSync(graphBr.body).toString()).data.__schema.types.length,
    ).toBeGreaterThan(10);
    const graphGzip = await call(base, "/graphql", {
      method: "POST",
      headers: { ...headers, "accept-encoding": "gzip" },
      body: query,
    });
    expect(graphGzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(graphGzip.body).toString()).data).toBeTruthy();
    const plain = await call(base, "/graphql", { method: "POST", headers, body: query });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).data).toBeTruthy();
  });

  it("sends the build's precompressed twin of a static file", async () => {
    const brotli = await call(base, "/assets/index-abc123.js", { headers: { "accept-encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toContain("console.log");
    const gzip = await call(base, "/assets/index-abc123.js", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });
});

describe("static client", () => {
  it("caches hashed assets for a year and revalidates pages by ETag", async () => {
    const asset = await call(base, "/assets/index-abc123.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await call(base, "/login");
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("<title>app</title>");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await call(base, "/login", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const landing = await call(base, "/");
    expect(landing.body.toString()).toContain("<title>landing</title>");
  });

  it("answers the client's own routes with the app and every other unknown path with a JSON 404", async () => {
    for (const path of ["/admin/ila/load", "/admin/anything/below", "/carrier", "/track/abc", "/signup"]) {
      const answer = await call(base, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-type"], path).toMatch(/text\/html/);
    }
    for (const path of [
      "/metrics",
      "/statusz",
      "/api/nope",
      "/api",
      "/assets/missing.js",
      "/nope.php",
      "/track",
    ]) {
      const answer = await call(base, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers["content-type"], path).toMatch(/application\/json/);
      expect(json(answer), path).toEqual({ message: "Not found", error: "Not found", code: "NOT_FOUND" });
    }
    // A browser's navigation to a mistyped address: the app's own not-found screen, still a 404.
    const typo = await call(base, "/no/such/page", {
      headers: { accept: "text/html", "sec-fetch-mode": "navigate" },
    });
    expect(typo.status).toBe(404);
    expect(typo.body.toString()).toContain("<title>app</title>");
    const probe = await call(base, "/metrics", { headers: { accept: "text/html" } });
    expect(probe.status).toBe(404);
    expect(json(probe).code).toBe("NOT_FOUND");
    const post = await call(base, "/login", { method: "POST", body: "{}" });
    expect(post.status).toBe(404);
    expect(json(post).code).toBe("NOT_FOUND");
  });

  it("answers a wrong method with a JSON 405 naming the allowed ones", async () => {
    const answer = await call(base, "/api/auth/login", { method: "DELETE" });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("POST");
    expect(json(answer)).toEqual({
      message: "Method not allowed",
      error: "Method not allowed",
      code: "METHOD_NOT_ALLOWED",
    });
  });

  it("answers a wrong method on /graphql as GraphQL does, and on the server's own paths with a JSON 405", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await call(base, "/graphql", {
        method,
        headers: { "content-type": "application/json", "x-graphql-yoga-csrf": "1" },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, POST");
      expect(json(answer), method).toEqual({
        errors: [
          { message: "GraphQL only supports GET and POST requests.", extensions: { code: "BAD_REQUEST" } },
        ],
      });
    }
    for (const path of ["/healthz", "/livez", "/readyz", "/api/openapi.json", "/api/docs"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const answer = await call(base, path, { method, body: "{}" });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD");
        expect(json(answer), `${method} ${path}`).toEqual({
          message: "Method not allowed",
          error: "Method not allowed",
          code: "METHOD_NOT_ALLOWED",
        });
      }
    }
    // A client route is the app's page, not a resource: other methods find nothing there.
    expect((await call(base, "/login", { method: "DELETE" })).status).toBe(404);
  });

  it("refuses malformed JSON, a non-JSON body and an oversized body with JSON errors", async () => {
    const bad = await call(base, "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(json(bad)).toMatchObject({
      message: "The request body is not valid JSON.",
      code: expect.any(String),
    });
    const text = await call(base, "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(text.status).toBe(415);
    expect(json(text).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const big = await call(base, "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "x".repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    expect(json(big)).toMatchObject({
      message: "The request body is larger than 16 KB.",
      code: "PAYLOAD_TOO_LARGE",
    });
    // GraphQL's answer says what is wrong without echoing the parser's own error back.
    const badGraphQL = await call(base, "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"query": "{ __typename }"',
    });
    expect(badGraphQL.status).toBe(400);
    expect(json(badGraphQL)).toEqual({
      errors: [{ message: "POST body sent invalid JSON.", extensions: { code: "BAD_REQUEST" } }],
    });
    const badUrl = await call(base, "/api/loads/%E0%A4%A");
    expect(badUrl.status).toBe(400);
    expect(json(badUrl).code).toEqual(expect.any(String));
  });
});

describe("security headers", () => {
  it("sends a CSP without inline script that forbids framing, and a Referrer-Policy", async () => {
    const page = await call(base, "/login");
    const csp = String(page.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    // HSTS only when cookies are secure (COOKIE_SECURE): this server runs plain HTTP.
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends a hashed script only the headers a script uses (no document policies on every file of a first screen)", async () => {
    const script = await call(base, "/assets/index-abc123.js");
    expect(script.status).toBe(200);
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(script.headers["referrer-policy"]).toBe("same-origin");
    for (const documentOnly of ["content-security-policy", "x-frame-options", "cross-origin-opener-policy"])
      expect(script.headers[documentOnly]).toBeUndefined();
    // A worker's script is its document: it keeps the policy.
    const worker = await call(base, "/assets/csv.worker-def456.js");
    expect(worker.status).toBe(200);
    expect(String(worker.headers["content-security-policy"])).toContain("script-src 'self'");
  });

  it("adds HSTS when cookies are secure", async () => {
    const secure = await createTestApp({ secureCookies: true });
    try {
      const response = await secure.app.fetch(new Request("http://x/healthz"));
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe("CORS", () => {
  const preflight = (origin: string, path = "/graphql") =>
    call(base, path, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, authorization",
      },
    });

  it("never reflects an unlisted origin, null included", async () => {
    for (const origin of ["https://evil.example", "null", "http://localhost:9999"]) {
      for (const path of ["/graphql", "/api/auth/refresh-token", "/api/loads"]) {
        const answer = await preflight(origin, path);
        expect(answer.headers["access-control-allow-origin"], `${origin} ${path}`).toBeUndefined();
        expect(answer.headers["access-control-allow-credentials"], `${origin} ${path}`).toBeUndefined();
        expect(answer.status, `${origin} ${path}`).toBe(403);
        expect(json(answer).code).toBe("CORS_ORIGIN_NOT_ALLOWED");
      }
    }
    const simple = await call(base, "/api/auth/check-session", {
      headers: { origin: "https://evil.example" },
    });
    expect(simple.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows an origin CORS_ORIGINS lists, with credentials", async () => {
    const answer = await preflight("https://partner.example.com", "/api/loads");
    expect(answer.status).toBe(204);
    expect(answer.headers["access-control-allow-origin"]).toBe("https://partner.example.com");
    expect(answer.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(answer.headers["access-control-allow-methods"])).toContain("POST");
  });
});

describe("timeouts", () => {
  it("drops a request whose body stops arriving", async () => {
    const started = Date.now();
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(new URL(base).port as unknown as number, "127.0.0.1", () => {
        socket.write(
          "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        );
      });
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString();
      });
      socket.on("close", () => resolve(received));
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(closed).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it("refuses a request head over 16 KiB with 431 and closes the connection", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(new URL(base).port as unknown as number, "127.0.0.1", () => {
        socket.write(`GET /api/user/${"x".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString();
      });
      socket.on("close", () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  });

  it("drops a request whose headers stop arriving", async () => {
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const socket = connect(new URL(base).port as unknown as number, "127.0.0.1", () => {
        socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
      });
      socket.on("data", () => {});
      socket.on("close", () => resolve());
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("refusals before a request is read", () => {
  /** Writes `text` on a new connection; resolves with all it got once the server closes it. */
  const raw = (text: string) =>
    new Promise<string>((resolve) => {
      const socket = connect(new URL(base).port as unknown as number, "127.0.0.1", () => socket.write(text));
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString();
      });
      socket.on("close", () => resolve(received));
    });
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));

  it("answers them as JSON with a code, as every other refusal", async () => {
    const [malformed, tooLarge, late] = await Promise.all([
      raw("NOT HTTP AT ALL\r\n\r\n"),
      raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"x".repeat(20_000)}\r\n\r\n`),
      raw(
        "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{",
      ),
    ]);
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(malformed).toMatch(/\r\ncontent-type: application\/json/i);
    expect(bodyOf(malformed)).toEqual({
      message: "The request is not valid HTTP.",
      error: "The request is not valid HTTP.",
      code: "MALFORMED_REQUEST",
    });
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(tooLarge)).toEqual({
      message: "The request's headers are too large.",
      error: "The request's headers are too large.",
      code: "HEADERS_TOO_LARGE",
    });
    expect(late).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(late)).toEqual({
      message: "The request did not arrive in time.",
      error: "The request did not arrive in time.",
      code: "REQUEST_TIMEOUT",
    });
  });
});

describe("OpenAPI", () => {
  it("describes every REST route and passes a third-party OpenAPI 3.1 validator", async () => {
    const answer = await call(base, "/api/openapi.json");
    expect(answer.status).toBe(200);
    const document = json(answer) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const missing = restRoutes
      .map((route) => `${route.method} /api${route.path.replace(/:([^/]+)/g, "{$1}")}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    // Only the REST layer: no GraphQL, static or docs routes.
    expect(Object.keys(document.paths).every((path) => path.startsWith("/api/"))).toBe(true);
  });

  it("serves readable docs from local assets", async () => {
    const page = await call(base, "/api/docs/");
    expect(page.status).toBe(200);
    const html = page.body.toString();
    expect(html).toContain("swagger-ui");
    expect(html).not.toMatch(/src="https?:\/\//);
  });
});
