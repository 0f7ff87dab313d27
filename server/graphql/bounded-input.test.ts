import { type ExecutionArgs, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { SEARCH_TEXT_MAX, TEXT_MAX } from "../../common/input-text.ts";
import { schema } from "../schema.ts";
import { findUnboundedInput } from "./bounded-input.ts";

const check = (query: string, variableValues: Record<string, unknown> = {}, operationName?: string) =>
  findUnboundedInput({ schema, document: parse(query), variableValues, operationName } as ExecutionArgs);

const NUL = "\u0000";

describe("findUnboundedInput", () => {
  it("passes clean text within every limit", () => {
    expect(
      check(`query ($s: String) { loads(search: $s) { totalCount } }`, { s: "s".repeat(SEARCH_TEXT_MAX) }),
    ).toBeNull();
    expect(check(`{ loadByLoadId(loadId: "L-1\\ttab") { id } }`)).toBeNull();
    expect(check(`query ($n: Int) { loads(pageSize: $n) { totalCount } }`, { n: 5 })).toBeNull();
  });

  it("checks literals and variables at the position they land in, with its declared limit", () => {
    expect(check(`{ loads(search: "${"s".repeat(SEARCH_TEXT_MAX + 1)}") { totalCount } }`)?.field).toBe(
      "search",
    );
    expect(
      check(`query ($id: String!) { loadByLoadId(loadId: $id) { id } }`, { id: "x".repeat(TEXT_MAX + 1) }),
    ).toEqual({
      field: "loadId",
      message: `loadId is longer than ${TEXT_MAX} characters`,
    });
    // The same variable, longer than a search allows, is fine where the default limit applies.
    const twice = `query ($t: String!) { a: loadByLoadId(loadId: $t) { id } b: loads(search: $t) { totalCount } }`;
    expect(check(twice, { t: "t".repeat(SEARCH_TEXT_MAX + 1) })?.field).toBe("search");
  });

  it("names a mutation's input fields as its validation does, rows with brackets", () => {
    const mutation = `mutation ($input: UpdateRouteInput!) { updateRoute(input: $input) { __typename } }`;
    expect(check(mutation, { input: { routeNumber: "R1", loadIds: ["a", `b${NUL}`] } })?.field).toBe(
      "loadIds[1]",
    );
    const inline = `mutation { updateRoute(input: {routeNumber: "R\\u0000"}) { __typename } }`;
    expect(check(inline)?.field).toBe("routeNumber");
  });

  it("walks fragments, variables inside list and object literals, and variables' defaults", () => {
    const fragment = `query Q($s: String) { ...F } fragment F on Query { loads(search: $s) { totalCount } }`;
    expect(check(fragment, { s: `x${NUL}` }, "Q")?.field).toBe("search");
    const listed = `query ($a: String!) { a: loads(search: "ok") { totalCount } nodes(ids: ["a", $a]) { id } }`;
    expect(check(listed, { a: `\u007f` })?.field).toBe("ids[1]");
    const defaulted = `query ($s: String = "bad\\u0001") { loads(search: $s) { totalCount } }`;
    expect(check(defaulted)?.field).toBe("search");
    expect(check(defaulted, { s: "fine" })).toBeNull();
  });

  it("checks the strings inside custom scalars (CsvRows cells) with the field's limit", () => {
    const upload = `mutation ($input: UploadLoadsInput!) { uploadLoads(input: $input) { __typename } }`;
    const input = { stream: "USPS", columns: ["load_id"], rows: [["A"], [null, "x".repeat(2000)]] };
    expect(check(upload, { input })).toBeNull();
    input.rows[1][1] = "x".repeat(2001);
    expect(check(upload, { input })).toEqual({
      field: "rows[1][1]",
      message: "rows[1][1] is longer than 2000 characters",
    });
  });

  it("leaves shapes the types refuse to coercion", () => {
    expect(check(`query ($s: String) { loads(search: $s) { totalCount } }`, { s: 42 })).toBeNull();
    const mutation = `mutation ($input: UpdateRouteInput!) { updateRoute(input: $input) { __typename } }`;
    expect(check(mutation, { input: { unknown: NUL, routeNumber: "R" } })).toBeNull();
  });
});
