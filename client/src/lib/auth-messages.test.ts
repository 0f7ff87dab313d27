import { describe, expect, it } from "vitest";
import * as server from "../../../server/auth/validation.ts";
import { SESSION_ENDED_MESSAGE } from "../../../server/errors.ts";
import * as client from "./auth-messages.ts";

describe("auth texts", () => {
  it("match the server's, letter for letter", () => {
    expect(client.LOGIN_FAILED).toBe(server.LOGIN_FAILED);
    expect(client.ALREADY_LOGGED_IN).toBe(server.ALREADY_LOGGED_IN);
    expect(client.DOMAIN_NOT_PERMITTED).toBe(server.DOMAIN_NOT_PERMITTED);
    expect(client.EMAIL_TAKEN).toBe(server.EMAIL_TAKEN);
    expect(client.PASSWORDS_DO_NOT_MATCH).toBe(server.PASSWORDS_DO_NOT_MATCH);
    expect(client.SESSION_ENDED).toBe(SESSION_ENDED_MESSAGE);
  });

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
