import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupToken } from "../../server/workspace/first-operator.ts";
import { createTestApp, gql, type TestApp } from "../support/app.ts";

/** The setup link makes one first operator, however many browsers submit it at the same instant. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CREATE = `mutation ($input: CreateFirstOperatorInput!) {
  createFirstOperator(input: $input) { __typename }
}`;

describe("the first operator", () => {
  it("is created once when several submit the setup form together", async () => {
    const token = setupToken(t.app.deps.config.jwtSecret);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        gql<{ createFirstOperator: { __typename: string } }>(t.app, CREATE, {
          input: {
            token,
            email: `first-${index}@example.com`,
            fullName: `First ${index}`,
            password: "correct-horse-42",
            confirmPassword: "correct-horse-42",
          },
        }),
      ),
    );
    const kinds = answers.map(
      (answer) => answer.data?.createFirstOperator.__typename ?? answer.errors?.[0]?.message,
    );
    expect(kinds.filter((kind) => kind === "MutationCreateFirstOperatorSuccess")).toHaveLength(1);
    expect(kinds.filter((kind) => kind !== "MutationCreateFirstOperatorSuccess")).toEqual(
      Array(5).fill("ForbiddenError"),
    );
    expect(await t.app.deps.db.user.count({ where: { role: "ADMIN" } })).toBe(1);
  });
});
