import type { FastifyInstance } from "fastify";
import type { TransportInfo } from "../context.ts";

/**
 * Answers a Fetch Request through the server's routes without a socket (Fastify's inject): tests
 * and tools get exactly what a client over HTTP would. `transport.ip` is the peer's address.
 */
export async function injectFetch(
  app: FastifyInstance,
  request: Request,
  transport: Partial<TransportInfo> = {},
): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const answer = await app.inject({
    method: request.method as "GET",
    url: `${url.pathname}${url.search}`,
    headers: { host: url.host, ...headers },
    ...(body === undefined ? {} : { payload: body }),
    // A peer whose address is not known (as a socket without one) when the caller gives none.
    remoteAddress: transport.ip ?? "unknown",
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
  }
  const status = answer.statusCode;
  const empty = status === 204 || status === 304 || request.method === "HEAD";
  return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status, headers: responseHeaders });
}
