import { parse, serialize } from "cookie";

/** The request's cookies (a malformed value is left undecoded rather than failing the request). */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  if (!header) return {};
  return parse(header) as Record<string, string>;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  secure: boolean;
  path?: string;
}

/**
 * Our session cookies: HttpOnly and SameSite=Strict always. The cookie library checks the name and
 * encodes the value; the attributes keep the order integrators' tests have seen.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [serialize(name, value), `Path=${options.path ?? "/"}`, "HttpOnly", "SameSite=Strict"];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
