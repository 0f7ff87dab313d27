import { describe, expect, it } from "vitest";
import { failureOfError, fieldMessages } from "./mutation-failure.ts";

function relayError(errors: unknown[]): Error {
  return Object.assign(new Error("No data returned"), { source: { errors } });
}

const noFields = { typename: null, fields: {}, problems: [] };

describe("mutation failures", () => {
  it("reads thrown errors: no answer, an HTTP error, anything else", () => {
    const network = Object.assign(new Error("x"), { name: "NetworkError" });
    expect(failureOfError(network)).toEqual({ kind: "network", status: null, message: "x", ...noFields });
    expect(
      failureOfError(relayError([{ message: "Not allowed", extensions: { http: { status: 403 } } }])),
    ).toEqual({ kind: "http", status: 403, message: "Not allowed", ...noFields });
    const internal = { kind: "internal", status: null, message: null, ...noFields };
    expect(
      failureOfError(relayError([{ message: "Unexpected error.", extensions: { code: "INTERNAL" } }])),
    ).toEqual(internal);
    expect(failureOfError(new TypeError("boom"))).toEqual(internal);
    const refused = { field: "name", message: "name must not contain control characters (such as NUL)" };
    expect(
      failureOfError(
        relayError([
          {
            message: refused.message,
            extensions: { code: "VALIDATION", http: { status: 400 }, fields: [refused] },
          },
        ]),
      ),
    ).toEqual({
      kind: "http",
      status: 400,
      message: refused.message,
      typename: null,
      fields: { name: refused.message },
      problems: [refused],
    });
    expect(failureOfError("string")).toEqual(internal);
  });

  it("keys per-field messages by field, the first per field", () => {
    expect(
      fieldMessages([
        { field: "email", message: "first" },
        { field: "email", message: "second" },
        { field: "phone", message: "bad" },
      ]),
    ).toEqual({ email: "first", phone: "bad" });
    expect(fieldMessages(null)).toEqual({});
  });
});
