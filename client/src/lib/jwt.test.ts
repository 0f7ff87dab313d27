import { describe, expect, it } from "vitest";
import { expiresSoon, readClaims } from "./jwt.ts";

const token = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;

describe("jwt", () => {
  it("reads the claims without verifying", () => {
    expect(readClaims(token({ sub: "user-1", exp: 100, role: "ADMIN" }))).toEqual({
      sub: "user-1",
      exp: 100,
      role: "ADMIN",
    });
    expect(readClaims("not-a-token")).toBeNull();
    expect(readClaims("a.%%%.c")).toBeNull();
    expect(readClaims(null)).toBeNull();
  });

  it("reads non-ASCII claims", () => {
    expect(readClaims(token({ sub: "José" }))?.sub).toBe("José");
  });

  it("says when a token expires within the margin", () => {
    const exp = 1_000;
    expect(expiresSoon(token({ exp }), 900_000, 30)).toBe(false);
    expect(expiresSoon(token({ exp }), 971_000, 30)).toBe(true);
    expect(expiresSoon("garbage", 0)).toBe(true);
  });
});
