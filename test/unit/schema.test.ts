import { readFileSync } from "node:fs";
import { type GraphQLField, getNamedType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { printedSchema, schema } from "../../server/schema.ts";

type PothosExtensions = { pothosOptions?: { authScopes?: unknown } };
const scoped = (thing: { extensions: unknown }) =>
  (thing.extensions as PothosExtensions).pothosOptions?.authScopes !== undefined;

describe("schema.graphql", () => {
  it("is the printed Pothos schema (run `npm run schema:print` when this fails)", () => {
    expect(readFileSync("schema.graphql", "utf8")).toBe(printedSchema());
  });
});

describe("the list contract", () => {
  it("makes every numbered-page connection (a `page` argument) a NumberedPage", () => {
    const lists = Object.values(schema.getQueryType()?.getFields() ?? {}).filter(
      (field) =>
        getNamedType(field.type).name.endsWith("Connection") && field.args.some((arg) => arg.name === "page"),
    );
    expect(lists.length).toBeGreaterThan(10);
    const apart = lists.filter((field) => {
      const type = getNamedType(field.type);
      return !isObjectType(type) || !type.getInterfaces().some((iface) => iface.name === "NumberedPage");
    });
    expect(apart.map((field) => field.name)).toEqual([]);
  });
});

describe("authorization coverage", () => {
  it("gives every mutation and subscription an explicit auth scope", () => {
    const operations = [
      ...Object.values(schema.getMutationType()?.getFields() ?? {}),
      ...Object.values(schema.getSubscriptionType()?.getFields() ?? {}),
    ] as GraphQLField<unknown, unknown>[];
    const unscoped = operations.filter((field) => !scoped(field)).map((field) => field.name);
    expect(unscoped).toEqual([]);
  });

  it("scopes every query field except the Relay node lookups (their types carry scopes)", () => {
    const fields = Object.values(schema.getQueryType()?.getFields() ?? {});
    const unscoped = fields.filter((field) => !["node", "nodes"].includes(field.name) && !scoped(field));
    expect(unscoped.map((field) => field.name)).toEqual([]);
  });

  it("gives every Node type a type-level scope, so node(id) cannot leak it", () => {
    const nodeTypes = Object.values(schema.getTypeMap()).filter(
      (type) => isObjectType(type) && type.getInterfaces().some((iface) => iface.name === "Node"),
    );
    expect(nodeTypes.length).toBeGreaterThan(0);
    const unscoped = nodeTypes.filter((type) => !scoped(type)).map((type) => type.name);
    expect(unscoped).toEqual([]);
  });
});
