import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { derivePostgresSchema } from "../../scripts/postgres-schema.mjs";

describe("prisma/postgres/schema.prisma", () => {
  const sqlite = readFileSync("prisma/schema.prisma", "utf8");

  it("is the committed derivation of prisma/schema.prisma", () => {
    expect(readFileSync("prisma/postgres/schema.prisma", "utf8")).toBe(derivePostgresSchema(sqlite));
  });

  it("fails loudly when an anchor of the derivation is gone", () => {
    expect(() =>
      derivePostgresSchema(sqlite.replace('provider = "sqlite"', 'provider   = "sqlite"')),
    ).toThrow(/no longer contains/);
  });
});
