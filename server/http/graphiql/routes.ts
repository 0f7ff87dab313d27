import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { StaffSession } from "../../auth/staff-console.ts";

const require = createRequire(import.meta.url);
const VERSION = (require("@graphql-yoga/render-graphiql/package.json") as { version: string }).version;
/** Versioned, so the browser keeps the (large) bundle until the package changes. */
const BASE = `/graphiql/${VERSION}`;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Read from the project (the working directory, as the migrations are), from source or build. */
const START = readFileSync(resolve("server/http/graphiql/start.js"), "utf8");

const JS = "text/javascript; charset=utf-8";
type Assets = typeof import("@graphql-yoga/render-graphiql/graphiql");
/** Each file's type and its text in the package's module, loaded on first use (9 MB of code). */
const FILES: Record<string, { type: string; body(assets: Assets): string }> = {
  "graphiql.js": { type: JS, body: (assets) => assets.js },
  "graphiql.css": { type: "text/css; charset=utf-8", body: (assets) => assets.css },
  "start.js": { type: JS, body: () => START },
  "worker-editor.js": { type: JS, body: (assets) => assets.editorWorkerService },
  "worker-json.js": { type: JS, body: (assets) => assets.jsonWorker },
  "worker-graphql.js": { type: JS, body: (assets) => assets.graphqlWorker },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />${head}
  </head>
  <body>${body}</body>
</html>
`;
}

const CONSOLE = page(
  "Freightway GraphQL",
  `
    <div id="root" style="height: 100vh"></div>
    <script src="${BASE}/graphiql.js"></script>
    <script src="${BASE}/start.js"></script>
  `,
  `\n    <link rel="stylesheet" href="${BASE}/graphiql.css" />`,
);

function refusal(signedIn: boolean): string {
  const message = signedIn
    ? "GraphiQL is for Freightway operators. Your account cannot use it; the GraphQL API itself is open to your account at /graphql."
    : "GraphiQL is for Freightway operators. Sign in with an operator account to use it.";
  return page(
    "GraphiQL · Freightway",
    `
    <main style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
      <h1>GraphiQL</h1>
      <p>${escapeHtml(message)}</p>
      <p><a href="/login?next=/graphql">Sign in as an operator</a></p>
    </main>`,
  );
}

/** The staff console's page for a GET /graphql asked for as HTML without a query. */
export function sendGraphiQL(reply: FastifyReply, session: StaffSession | null): FastifyReply {
  const allowed = session?.user.role === "ADMIN";
  return reply
    .code(allowed ? 200 : session ? 403 : 401)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(allowed ? CONSOLE : refusal(session !== null));
}

/** GraphiQL's own files, from node_modules through this server (it runs offline: no CDN). */
export function registerGraphiQLAssets(app: FastifyInstance): void {
  for (const [name, file] of Object.entries(FILES)) {
    app.get(`${BASE}/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      const assets = await import("@graphql-yoga/render-graphiql/graphiql");
      return reply.header("cache-control", IMMUTABLE).type(file.type).send(file.body(assets));
    });
  }
}
