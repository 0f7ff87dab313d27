import { describe, expect, it } from "vitest";
import {
  failureOfError,
  failureOfResult,
  INTERNAL_ERROR_TEXT,
  inlineFailureText,
  NETWORK_ERROR_TEXT,
  requestFailureText,
} from "./request-errors.ts";

const CONFLICT = "Error creating carrier: A carrier with this email already exists.";
const FALLBACK = "An unexpected error occurred while creating the carrier.";

function relayError(errors: unknown[]): Error {
  return Object.assign(new Error("No data returned"), { source: { errors } });
}

describe("request errors", () => {
  it("maps typed failures onto HTTP statuses", () => {
    expect(failureOfResult({ __typename: "ConflictError", message: "taken" })).toEqual({
      kind: "http",
      status: 409,
      message: "taken",
    });
    expect(failureOfResult({ __typename: "ValidationError", message: "" })).toMatchObject({
      status: 400,
      message: null,
    });
    expect(failureOfResult({ __typename: "SomethingNew" })).toMatchObject({ status: 500 });
  });

  it("reads thrown errors: no answer, an HTTP error, anything else", () => {
    const network = Object.assign(new Error("x"), { name: "NetworkError" });
    expect(failureOfError(network)).toEqual({ kind: "network" });
    expect(
      failureOfError(relayError([{ message: "Not allowed", extensions: { http: { status: 403 } } }])),
    ).toEqual({ kind: "http", status: 403, message: "Not allowed" });
    expect(
      failureOfError(relayError([{ message: "Unexpected error.", extensions: { code: "INTERNAL" } }])),
    ).toEqual({ kind: "internal" });
    expect(failureOfError(new TypeError("boom"))).toEqual({ kind: "internal" });
    expect(failureOfError("string")).toEqual({ kind: "internal" });
  });

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
    expect(requestFailureText({ kind: "network" }, CONFLICT)).toBe(NETWORK_ERROR_TEXT);
    expect(requestFailureText({ kind: "internal" }, CONFLICT)).toBe(INTERNAL_ERROR_TEXT);
    expect(NETWORK_ERROR_TEXT).toBe("Network Error: Could not connect to the server. Please try again.");
    expect(INTERNAL_ERROR_TEXT).toBe("Internal request processing error.");
  });

  it("shows the server's message inline, or the form's fallback", () => {
    expect(inlineFailureText({ kind: "http", status: 409, message: "taken" }, FALLBACK)).toBe("taken");
    expect(inlineFailureText({ kind: "http", status: 500, message: null }, FALLBACK)).toBe(FALLBACK);
    expect(inlineFailureText({ kind: "network" }, FALLBACK)).toBe(FALLBACK);
  });
});
