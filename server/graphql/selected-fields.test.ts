import { buildSchema, execute, type GraphQLResolveInfo, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { selectedFieldNames } from "./selected-fields.ts";

const schema = buildSchema(`
  type Row { id: ID a: String b: String c: String }
  type Edge { node: Row }
  type Connection { edges: [Edge] total: Int }
  type Query { rows: Connection }
`);

function namesFor(document: string): string[] {
  let seen: Set<string> | undefined;
  execute({
    schema,
    document: parse(document),
    rootValue: {
      rows: (_args: unknown, _ctx: unknown, info: GraphQLResolveInfo) => {
        seen = selectedFieldNames(info, ["edges", "node"]);
        return null;
      },
    },
  });
  return [...(seen ?? [])].sort();
}

describe("selectedFieldNames", () => {
  it("collects the node's fields through fragments, inline fragments and aliases", () => {
    expect(
      namesFor(`
        query { rows { total edges { node { id x: a ...More ... on Row { c } } } } }
        fragment More on Row { b }
      `),
    ).toEqual(["a", "b", "c", "id"]);
  });

  it("follows the path through fragments on the connection and the edge", () => {
    expect(
      namesFor(`
        query { rows { ...Page } }
        fragment Page on Connection { edges { ...Edge } }
        fragment Edge on Edge { node { a } }
      `),
    ).toEqual(["a"]);
  });
});
