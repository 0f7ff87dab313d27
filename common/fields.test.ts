import { describe, expect, it } from "vitest";
import { email, emailProblem, normalizeUsCaPhone, requiredText } from "./fields.ts";

describe("shared field rules", () => {
  it("checks e-mails the same way on both sides", () => {
    expect(emailProblem(" ")).toBe("Email is required");
    expect(emailProblem("a@b")).toBe("Enter a valid email address");
    expect(emailProblem(" a@b.co ")).toBeNull();
    expect(emailProblem(`${"a".repeat(250)}@b.co`)).toBe("Email is too long");
    expect(emailProblem("x", "Valid email is required")).toBe("Valid email is required");
    expect(email().parse(" Ops@Example.COM ")).toBe("ops@example.com");
  });

  it("reads US and Canadian phones into E.164", () => {
    expect(normalizeUsCaPhone("(201) 555-0123")).toBe("+12015550123");
    expect(normalizeUsCaPhone("4165550123", "CA")).toBe("+14165550123");
    expect(normalizeUsCaPhone("+44 20 7946 0958")).toBeNull();
    expect(normalizeUsCaPhone("call me")).toBeNull();
  });

  it("requires text within its limit", () => {
    const name = requiredText("Name is required", 5, "Name");
    expect(name.parse(" Ann ")).toBe("Ann");
    expect(name.parse(12)).toBe("12");
    expect(name.safeParse("  ").error?.issues[0].message).toBe("Name is required");
    expect(name.safeParse("Annabel").error?.issues[0].message).toBe("Name is longer than 5 characters");
  });
});
