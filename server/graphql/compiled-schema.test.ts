import {
  type ExecutionResult,
  execute,
  GraphQLID,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  parse,
} from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { describe, expect, it } from "vitest";
import { compiledQuerySchema } from "./compiled-schema.ts";

interface Viewer {
  admin: boolean;
}

/** A schema whose Secret objects only admins may read, checked in isTypeOf as Pothos does. */
function secretsSchema() {
  const Node = new GraphQLInterfaceType({
    name: "Node",
    fields: { id: { type: new GraphQLNonNull(GraphQLID) } },
    resolveType: (value: { kind: string }) => value.kind,
  });
  const Secret = new GraphQLObjectType({
    name: "Secret",
    interfaces: [Node],
    fields: { id: { type: new GraphQLNonNull(GraphQLID) } },
    isTypeOf: (value: { kind: string }, viewer: Viewer) => {
      if (!viewer.admin) throw new Error("Forbidden.");
      return value.kind === "Secret";
    },
  });
  const Note = new GraphQLObjectType({
    name: "Note",
    interfaces: [Node],
    fields: { id: { type: new GraphQLNonNull(GraphQLID) } },
    isTypeOf: (value: { kind: string }) => value.kind === "Note",
  });
  const secret = { kind: "Secret", id: "s1" };
  const note = { kind: "Note", id: "n1" };
  return new GraphQLSchema({
    types: [Secret, Note],
    query: new GraphQLObjectType({
      name: "Query",
      fields: {
        secret: { type: Secret, resolve: () => secret },
        later: { type: Secret, resolve: async () => secret },
        secrets: { type: new GraphQLList(Secret), resolve: () => [secret, Promise.resolve(secret)] },
        strict: { type: new GraphQLList(new GraphQLNonNull(Secret)), resolve: () => [secret] },
        node: { type: Node, resolve: () => secret },
        nodes: { type: new GraphQLNonNull(new GraphQLList(Node)), resolve: () => [note, secret] },
        note: { type: Note, resolve: () => note },
      },
    }),
  });
}

/** The answer with its errors in path order (graphql-jit reports them in another order). */
function normalized(result: ExecutionResult) {
  const errors = result.errors?.map((error) => ({ message: error.message, path: error.path }));
  errors?.sort((a, b) => JSON.stringify(a.path).localeCompare(JSON.stringify(b.path)));
  return { data: result.data, errors };
}

describe("compiled queries keep type checks that need the context", () => {
  const schema = secretsSchema();
  const compiled = compiledQuerySchema(schema);
  const document = parse(`{
    secret { id } later { id } secrets { id } strict { id }
    node { id } nodes { id ... on Note { id } } note { id }
  }`);
  const query = compileQuery(compiled, document);
  if (!isCompiledQuery(query)) throw new Error("did not compile");

  it.each([
    ["an admin", { admin: true }],
    ["anyone else", { admin: false }],
  ])("answers %s as graphql-js does, object by object", async (_who, viewer) => {
    const expected = normalized(await execute({ schema, document, contextValue: viewer }));
    const actual = normalized(await query.query(undefined, viewer, {}));
    expect(actual).toEqual(expected);
    if (!viewer.admin) {
      // Refused in place: the secret in a list is null at its own index, the note still answers.
      expect(actual.data?.secrets).toEqual([null, null]);
      expect(actual.data?.nodes).toEqual([{ id: "n1" }, null]);
      expect(actual.errors?.every((error) => error.message === "Forbidden.")).toBe(true);
    }
  });

  it("leaves the original schema's isTypeOf in place", () => {
    expect((schema.getType("Secret") as GraphQLObjectType).isTypeOf).toBeTypeOf("function");
    expect((compiled.getType("Secret") as GraphQLObjectType).isTypeOf).toBeUndefined();
  });
});
