import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

export interface ClientFiles {
  /** The app's index.html (the client router takes the path over), or a 503 before a build. */
  sendApp(reply: FastifyReply): FastifyReply;
  /** The driver app's page (driver.html) for /driver and its own paths, or a 503 before a build. */
  sendDriverApp(reply: FastifyReply): FastifyReply;
}

/**
 * The built client through @fastify/static: hashed assets cached for a year, everything else
 * (index.html, landing.html, favicon) revalidated by ETag; the build's .br/.gz twins are sent to
 * clients that accept them. "/" is the prerendered landing page when the build has one. Unknown
 * paths are not answered here: the edge's not-found handler sends the app only for the client's
 * own routes.
 */
export async function registerClientFiles(app: FastifyInstance, root: string): Promise<ClientFiles> {
  const base = resolve(root);
  const assets = `${join(base, "assets")}${sep}`;
  await app.register(fastifyStatic, {
    root: base,
    prefix: "/",
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: false,
    serveDotFiles: false,
    // Without a build, pages answer 503 saying so (sendPage): no warning line at every start.
    suppressWarning: true,
    setHeaders(reply, path) {
      reply.header("cache-control", path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });

  function sendPage(reply: FastifyReply, name: string): FastifyReply {
    if (!existsSync(join(base, name))) {
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .type("text/plain; charset=utf-8")
        .send("The client is not built yet: run `npm run build`.");
    }
    // A 404 page is never revalidated into a 304 of the app.
    if (reply.statusCode === 404)
      return reply.header("cache-control", "no-store").sendFile(name, { cacheControl: false, etag: false });
    return reply.header("cache-control", REVALIDATE).sendFile(name, { cacheControl: false });
  }

  app.get("/", { schema: { hide: true } }, (_request, reply) =>
    sendPage(reply, existsSync(join(base, "landing.html")) ? "landing.html" : "index.html"),
  );
  return {
    sendApp: (reply) => sendPage(reply, "index.html"),
    sendDriverApp: (reply) => sendPage(reply, "driver.html"),
  };
}
