import { createHash, randomBytes } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

export interface AccessClaims {
  sub: string;
  sid: string;
  role: string;
}

export type AccessTokenCheck =
  | { ok: true; claims: AccessClaims /** Epoch ms. */; expiresAt: number }
  | { ok: false; reason: "expired" | "invalid" };

const ISSUER = "freightway";

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

/**
 * Verified tokens by their text: checking an HS256 signature through WebCrypto costs more than the
 * rest of a small request. A hit is only a token verified before with this very secret; its expiry
 * is checked again at every use.
 */
const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number; secret: Uint8Array }>();
const MAX_VERIFIED = 10_000;

export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessTokenCheck> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (known.expiresAtMs > Date.now())
      return { ok: true, claims: known.claims, expiresAt: known.expiresAtMs };
    verified.delete(token);
    return { ok: false, reason: "expired" };
  }
  const check = await verifySignature(token, secret);
  if (check.ok && check.expiresAtMs !== null) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims: check.claims, expiresAtMs: check.expiresAtMs, secret });
  }
  return check.ok
    ? { ok: true, claims: check.claims, expiresAt: check.expiresAtMs ?? Number.MAX_SAFE_INTEGER }
    : check;
}

async function verifySignature(
  token: string,
  secret: Uint8Array,
): Promise<
  | { ok: true; claims: AccessClaims; expiresAtMs: number | null }
  | { ok: false; reason: "expired" | "invalid" }
> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ["HS256"] });
    if (
      typeof payload.sub !== "string" ||
      typeof payload.sid !== "string" ||
      typeof payload.role !== "string"
    ) {
      return { ok: false, reason: "invalid" };
    }
    return {
      ok: true,
      claims: { sub: payload.sub, sid: payload.sid, role: payload.role },
      expiresAtMs: typeof payload.exp === "number" ? payload.exp * 1000 : null,
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/** Refresh tokens are random; only their hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function bearerToken(authorization: string | null | undefined): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? "");
  return match ? match[1].trim() : null;
}
