import type { FastifyInstance, FastifyReply } from "fastify";
import { sendJson } from "./responses.ts";

const METHOD_NOT_ALLOWED = {
  message: "Method not allowed",
  error: "Method not allowed",
  code: "METHOD_NOT_ALLOWED",
};

/** 405 with the `Allow` header: the path exists, not with this method. */
export function sendMethodNotAllowed(reply: FastifyReply, allow: readonly string[]): FastifyReply {
  return sendJson(reply.header("allow", allow.join(", ")), 405, METHOD_NOT_ALLOWED);
}

/**
 * Watches the routes registered from here on and answers which methods a fixed path (no `:param`,
 * no wildcard) has, so the not-found handler can tell a wrong method (405) from an unknown path.
 * Parametric paths are the REST routes, which register their own 405s (rest-routes.ts).
 */
export function watchRouteMethods(app: FastifyInstance): (pathname: string) => readonly string[] | undefined {
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    if (/[:*]/.test(route.url)) return;
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) {
      methods.add(method);
      if (method === "GET") methods.add("HEAD");
    }
    methodsByPath.set(route.url, methods);
  });
  return (pathname) => {
    const methods = methodsByPath.get(pathname);
    return methods ? [...methods] : undefined;
  };
}
