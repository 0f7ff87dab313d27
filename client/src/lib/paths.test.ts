import { describe, expect, it } from "vitest";
import { afterLoginTarget, guardDecision, homeFor, isUnder, profilePathFor } from "./paths.ts";

const anonymous = { token: null, role: null };
const admin = { token: "t", role: "ADMIN" };
const carrier = { token: "t", role: "CARRIER" };

describe("guardDecision", () => {
  it("lets anyone see public pages unless signed in, then sends them home by role", () => {
    for (const path of ["/", "/login", "/signup", "/forgot-password", "/unsupported-email", "/login/"]) {
      expect(guardDecision(path, anonymous)).toEqual({ kind: "allow" });
      expect(guardDecision(path, admin)).toEqual({ kind: "redirect", to: "/admin/ila/load" });
      expect(guardDecision(path, carrier)).toEqual({
        kind: "redirect",
        to: "/carrier/carrier-portal/active-offers",
      });
    }
  });

  it("needs both a token and a role to count as signed in", () => {
    expect(guardDecision("/admin/ila/load", { token: "t", role: null })).toEqual({
      kind: "redirect",
      to: "/login",
    });
    expect(guardDecision("/carrier/my-profile", { token: null, role: "CARRIER" })).toEqual({
      kind: "redirect",
      to: "/login",
    });
    expect(guardDecision("/login", { token: "t", role: null })).toEqual({ kind: "allow" });
  });

  it("rewrites /carrier/... to /admin/... for an ADMIN, keeping query and hash", () => {
    expect(guardDecision("/carrier/my-profile", admin, { search: "?a=1", hash: "#x" })).toEqual({
      kind: "redirect",
      to: "/admin/my-profile?a=1#x",
    });
    expect(guardDecision("/carrier", admin)).toEqual({ kind: "redirect", to: "/admin" });
  });

  it("sends non-admins away from /admin and the operator workspace", () => {
    for (const path of ["/admin", "/admin/ila/load", "/support-hub", "/workspace-control/x"]) {
      expect(guardDecision(path, carrier)).toEqual({
        kind: "redirect",
        to: "/carrier/carrier-portal/active-offers",
      });
      expect(guardDecision(path, admin)).toEqual({ kind: "allow" });
    }
    expect(guardDecision("/administrator", carrier)).toEqual({ kind: "allow" });
  });

  it("treats any role other than ADMIN as a carrier", () => {
    expect(guardDecision("/carrier/my-profile", { token: "t", role: "DRIVER" })).toEqual({ kind: "allow" });
    expect(homeFor("DRIVER")).toBe("/carrier/carrier-portal/active-offers");
    expect(profilePathFor("ADMIN")).toBe("/admin/my-profile");
    expect(profilePathFor("CARRIER")).toBe("/carrier/my-profile");
  });

  it("opens the e-mail change's way back to anyone, signed in or not", () => {
    for (const who of [anonymous, admin, carrier]) {
      expect(guardDecision("/revert-email", who)).toEqual({ kind: "allow" });
    }
  });

  it("allows unknown paths (the 404 page)", () => {
    expect(guardDecision("/nope", anonymous)).toEqual({ kind: "allow" });
  });
});

describe("helpers", () => {
  it("isUnder matches whole segments", () => {
    expect(isUnder("/admin/ila", "/admin")).toBe(true);
    expect(isUnder("/admin", "/admin")).toBe(true);
    expect(isUnder("/adminx", "/admin")).toBe(false);
  });

  it("afterLoginTarget only hands admins over to GraphiQL", () => {
    expect(afterLoginTarget("ADMIN", "/graphql")).toEqual({ path: "/graphql", fullPage: true });
    expect(afterLoginTarget("CARRIER", "/graphql")).toEqual({
      path: "/carrier/carrier-portal/active-offers",
      fullPage: false,
    });
    expect(afterLoginTarget("ADMIN", "https://evil.example")).toEqual({
      path: "/admin/ila/load",
      fullPage: false,
    });
  });
});
