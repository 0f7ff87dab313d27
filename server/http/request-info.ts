import type { FastifyRequest } from "fastify";
import type { HeaderSource, TransportInfo } from "../context.ts";
import { clientAddress } from "./client-address.ts";

declare module "fastify" {
  interface FastifyRequest {
    transport?: TransportInfo;
  }
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The request's headers as the context reads them. */
export function headerSource(request: FastifyRequest): HeaderSource {
  return { headers: { get: (name) => headerValue(request, name) } };
}

/**
 * The client's address and the cookies the answer must set, fixed once per request by the edge's
 * first hook (the edge appends those cookies to whatever the answer is, errors included).
 */
export function attachTransport(request: FastifyRequest, trustProxy: number): TransportInfo {
  request.transport = {
    ip: clientAddress(request.raw.socket.remoteAddress, headerValue(request, "x-forwarded-for"), trustProxy),
    responseCookies: [],
    requestId: request.id,
  };
  return request.transport;
}

export function transportOf(request: FastifyRequest): TransportInfo {
  if (!request.transport) throw new Error("The edge attaches a transport to every request first.");
  return request.transport;
}
