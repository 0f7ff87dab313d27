import { describe, expect, it } from "vitest";
import * as client from "./auth-messages.ts";

describe("auth texts", () => {
  it("login: 'User already logged in' as said, rate limits as said, otherwise the catch-all", () => {
    expect(
      client.loginErrorText({ kind: "http", typename: "ConflictError", message: "User already logged in" }),
    ).toBe("User already logged in");
    expect(client.loginErrorText({ kind: "http", typename: "RateLimitedError", message: "Too many" })).toBe(
      "Too many",
    );
    expect(
      client.loginErrorText({
        kind: "http",
        typename: "ValidationError",
        message: "Enter a valid email address",
      }),
    ).toBe("Incorrect username or password");
    expect(client.loginErrorText({ kind: "http", typename: "AuthenticationError", message: null })).toBe(
      "Incorrect username or password",
    );
  });

  it("a lost connection says so; a top-level error reads as the catch-all", () => {
    const network = { kind: "network", typename: null, message: "Could not reach the server." } as const;
    expect(client.loginErrorText(network)).toBe("Could not reach the server.");
    expect(client.registerErrorText(network)).toBe("Could not reach the server.");
    const topLevel = { kind: "http", typename: null, message: "User already logged in" } as const;
    expect(client.loginErrorText(topLevel)).toBe("Incorrect username or password");
    expect(client.registerErrorText({ ...topLevel, message: "Invalid phone number" })).toBe("Register Error");
  });

  it("sign-up: the four known texts, otherwise 'Register Error'", () => {
    for (const text of [
      "The email domain is not permited.",
      "The email already exist.",
      "Invalid phone number",
      "Passwords do not match. Please try again.",
    ]) {
      expect(client.registerErrorText({ kind: "http", typename: "ValidationError", message: text })).toBe(
        text,
      );
    }
    expect(
      client.registerErrorText({
        kind: "http",
        typename: "ValidationError",
        message: "Password is too long",
      }),
    ).toBe("Register Error");
  });
});
