import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as assets from "@graphql-yoga/render-graphiql/graphiql";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { StaffSession } from "../../auth/staff-console.ts";

const require = createRequire(import.meta.url);
const VERSION = (require("@graphql-yoga/render-graphiql/package.json") as { version: string }).version;
/** Versioned, so the browser keeps the (large) bundle until the package changes. */
const BASE = `/graphiql/${VERSION}`;
const IMMUTABLE = "public, max-age=31536000, immutable";
const START = readFileSync(new URL("./start.js", import.meta.url), "utf8");

const FILES: Record<string, { type: string; body: string }> = {
  "graphiql.js": { type: "text/javascript; charset=utf-8", body: assets.js },
  "graphiql.css": { type: "text/css; charset=utf-8", body: assets.css },
  "start.js": { type: "text/javascript; charset=utf-8", body: START },
  "worker-editor.js": { type: "text/javascript; charset=utf-8", body: assets.editorWorkerService },
  "worker-json.js": { type: "text/javascript; charset=utf-8", body: assets.jsonWorker },
  "worker-graphql.js": { type: "text/javascript; charset=utf-8", body: assets.graphqlWorker },
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
    app.get(`${BASE}/${name}`, { schema: { hide: true } }, (_request, reply) =>
      reply.header("cache-control", IMMUTABLE).type(file.type).send(file.body),
    );
  }
}
