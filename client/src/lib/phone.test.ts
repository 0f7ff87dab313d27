import { describe, expect, it } from "vitest";
import { digitsOnly, validPhone } from "./phone.ts";

describe("phone", () => {
  it("keeps digits only, at most 17", () => {
    expect(digitsOnly("(201) 555-0123 ext")).toBe("2015550123");
    expect(digitsOnly("1".repeat(30))).toHaveLength(17);
  });

  it("validates US and Canadian numbers with libphonenumber-js", () => {
    expect(validPhone("2015550123", "US")).toBe("+12015550123");
    expect(validPhone("4165550123", "CA")).toBe("+14165550123");
    expect(validPhone("12345", "US")).toBeNull();
    expect(validPhone("4", "US")).toBeNull();
  });
});
