import { buildSchema, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { operationCost } from "./limits.ts";

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
