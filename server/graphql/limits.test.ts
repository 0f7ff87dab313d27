import { buildSchema, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { MAX_COST, NODE_LOOKUP_COST, operationCost } from "./limits.ts";

const schema = buildSchema(`
  type Row { id: ID tags: [String] }
  type Page { rows: [Row] }
  type Query { page(pageSize: Int, ids: [ID]): Page }
`);

describe("operationCost, remembered per document", () => {
  it("follows the size variables of the same document object", () => {
    const document = parse(
      "query Q($size: Int, $ids: [ID]) { a: page(pageSize: $size) { rows { id } } b: page(ids: $ids) { rows { id } } }",
    );
    const at = (variables: Record<string, unknown>) => operationCost(schema, document, "Q", variables);
    const small = at({ size: 2, ids: ["x"] });
    expect(at({ size: 2, ids: ["y"] })).toBe(small);
    expect(at({ size: 20, ids: ["x"] })).toBeGreaterThan(small);
    expect(at({ size: 2, ids: ["x", "y", "z"] })).toBeGreaterThan(small);
    expect(at({ size: 2, ids: ["x"] })).toBe(small);
    expect(at({ size: "2", ids: ["x"] })).toBe(at({ ids: ["x"] }));
  });

  it("costs each operation of a document by its own name", () => {
    const document = parse(
      "query Small { page(pageSize: 1) { rows { id } } } query Big { page(pageSize: 100) { rows { id } } }",
    );
    expect(operationCost(schema, document, "Big", {})).toBeGreaterThan(
      operationCost(schema, document, "Small", {}),
    );
  });
});

describe("lookups by id", () => {
  const schema = buildSchema(`
    interface Node { id: ID! }
    type Load implements Node { id: ID! }
    type Query { node(id: ID!): Node nodes(ids: [ID!]!): [Node]! }
  `);
  const ids = Array.from({ length: 100 }, (_, index) => `id${index}`);
  const literal = ids.map((id) => `"${id}"`).join(",");

  it("passes one nodes(ids:) of 100 ids, refuses 15 aliases of it, literal or by variable", () => {
    expect(operationCost(schema, parse(`{ nodes(ids: [${literal}]) { id } }`), null, {})).toBeLessThan(
      MAX_COST.signedIn,
    );
    const aliases = Array.from({ length: 15 }, (_, index) => `a${index}: nodes(ids: [${literal}]) { id }`);
    expect(operationCost(schema, parse(`{ ${aliases.join(" ")} }`), null, {})).toBeGreaterThan(
      MAX_COST.signedIn,
    );
    const viaVariable = parse(
      "query ($ids: [ID!]!) { a: nodes(ids: $ids) { id } b: nodes(ids: $ids) { id } c: nodes(ids: $ids) { id } }",
    );
    expect(operationCost(schema, viaVariable, null, { ids })).toBeGreaterThan(MAX_COST.signedIn);
  });

  it("counts a node(id:) lookup as a read", () => {
    expect(operationCost(schema, parse('{ node(id: "x") { id } }'), null, {})).toBe(1 + 1 + NODE_LOOKUP_COST);
  });
});
