import { queryFromInfo } from "@pothos/plugin-prisma";
import { execute, type GraphQLFieldResolver, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../schema.ts";
import { LOAD_ROW_FIELDS } from "./list-rows.ts";

/** The Prisma query Pothos plans for `loads { edges { node { <field> } } }`. */
function plannedQuery(field: string): unknown {
  const loads = schema.getQueryType()?.getFields().loads;
  if (!loads) throw new Error("Query.loads exists");
  let planned: unknown;
  const original = loads.resolve;
  loads.resolve = ((_root, _args, context, info) => {
    planned = queryFromInfo({ context: context as object, info, path: ["edges", "node"], typeName: "Load" });
    return null;
  }) as GraphQLFieldResolver<unknown, unknown>;
  try {
    execute({
      schema,
      document: parse(`{ loads(page: 1) { edges { node { ${field} } } } }`),
      contextValue: { viewer: { id: "u1", role: "ADMIN" } },
    });
  } finally {
    loads.resolve = original;
  }
  return planned;
}

describe("LOAD_ROW_FIELDS", () => {
  it("names only fields whose Prisma query is empty, so the list may skip planning it", () => {
    expect(LOAD_ROW_FIELDS.size).toBeGreaterThan(20);
    for (const field of LOAD_ROW_FIELDS) {
      if (field === "__typename") continue;
      expect(plannedQuery(field), field).toEqual({});
    }
  });

  it("leaves out fields that need a relation", () => {
    expect(plannedQuery("assignedUser { userId }")).not.toEqual({});
    expect(LOAD_ROW_FIELDS.has("assignedUser")).toBe(false);
    expect(LOAD_ROW_FIELDS.has("assignedUserKey")).toBe(false);
  });
});
