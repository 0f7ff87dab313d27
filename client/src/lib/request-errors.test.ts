import { describe, expect, it } from "vitest";
import {
  failureText,
  INTERNAL_ERROR_TEXT,
  inlineFailureText,
  NETWORK_ERROR_TEXT,
  requestFailureText,
} from "./request-errors.ts";

const CONFLICT = "Error creating carrier: A carrier with this email already exists.";
const FALLBACK = "An unexpected error occurred while creating the carrier.";

describe("request errors", () => {
  it("says the spec's texts", () => {
    expect(
      requestFailureText(
        { kind: "http", status: 409, message: "A carrier with this email already exists." },
        CONFLICT,
      ),
    ).toBe("A carrier with this email already exists.");
    expect(requestFailureText({ kind: "http", status: 409, message: null }, CONFLICT)).toBe(CONFLICT);
    expect(requestFailureText({ kind: "http", status: 400, message: "DOT # is required" }, CONFLICT)).toBe(
      "DOT # is required",
    );
    expect(requestFailureText({ kind: "http", status: 503, message: null }, CONFLICT)).toBe(
      "Error in the API request: 503",
    );
    expect(requestFailureText({ kind: "network", status: null, message: null }, CONFLICT)).toBe(
      NETWORK_ERROR_TEXT,
    );
    expect(requestFailureText({ kind: "internal", status: null, message: null }, CONFLICT)).toBe(
      INTERNAL_ERROR_TEXT,
    );
    expect(NETWORK_ERROR_TEXT).toBe("Network Error: Could not connect to the server. Please try again.");
    expect(INTERNAL_ERROR_TEXT).toBe("Internal request processing error.");
  });

  it("shows the server's message inline, or the form's fallback", () => {
    expect(inlineFailureText({ kind: "http", status: 409, message: "taken" }, FALLBACK)).toBe("taken");
    expect(inlineFailureText({ kind: "http", status: 500, message: null }, FALLBACK)).toBe(FALLBACK);
    expect(inlineFailureText({ kind: "network", status: null, message: null }, FALLBACK)).toBe(FALLBACK);
  });

  it("shows a typed failure's own message, anything else as the fallback", () => {
    const typed = { kind: "http", status: 400, message: "Bad date", typename: "ValidationError" } as const;
    expect(failureText(typed, FALLBACK)).toBe("Bad date");
    expect(failureText({ ...typed, typename: null }, FALLBACK)).toBe(FALLBACK);
    expect(failureText({ ...typed, message: null }, FALLBACK)).toBe(FALLBACK);
  });
});
