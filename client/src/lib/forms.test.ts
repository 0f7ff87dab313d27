import { describe, expect, it } from "vitest";
import { emailProblem, fieldMessages } from "./forms.ts";

describe("forms", () => {
  it("checks e-mails", () => {
    expect(emailProblem(" ")).toBe("Email is required");
    expect(emailProblem("a@b")).toBe("Enter a valid email address");
    expect(emailProblem(" a@b.co ")).toBeNull();
  });

  it("keeps the first server message per field", () => {
    expect(
      fieldMessages([
        { field: "email", message: "first" },
        { field: "email", message: "second" },
        { field: "name", message: "n" },
      ]),
    ).toEqual({ email: "first", name: "n" });
    expect(fieldMessages(undefined)).toEqual({});
  });
});
