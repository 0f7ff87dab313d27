/** Reads (never verifies) an access token's claims: the user id to log out and when it expires. */
export interface AccessClaims {
  sub?: string;
  exp?: number;
  role?: string;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function readClaims(token: string | null | undefined): AccessClaims | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === "object" && claims !== null ? (claims as AccessClaims) : null;
  } catch {
    return null;
  }
}

/** True when the token is unreadable or expires within `marginSeconds` of `nowMs`. */
export function expiresSoon(token: string, nowMs: number, marginSeconds = 30): boolean {
  const exp = readClaims(token)?.exp;
  return typeof exp !== "number" || exp * 1000 - nowMs < marginSeconds * 1000;
}
