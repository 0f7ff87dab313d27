import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from "graphql";

type Draw = fc.GeneratorValue;

export interface FuzzOperation {
  query: string;
  variables: Record<string, unknown>;
}

/** Fields a fuzzer must not call: they would end the session it runs as. */
const SKIPPED_ROOT_FIELDS = new Set(["logout", "refreshToken", "node", "nodes"]);

function pick<T>(draw: Draw, items: readonly T[]): T {
  return items[draw(() => fc.nat({ max: items.length - 1 }))];
}

/** A value for an input type: mostly well-typed, sometimes junk of any JSON shape. */
function inputValue(draw: Draw, type: GraphQLInputType, depth: number, nodeTypes: string[]): unknown {
  if (draw(() => fc.integer({ min: 0, max: 19 })) === 0) return draw(() => fc.jsonValue({ maxDepth: 2 }));
  if (!isNonNullType(type) && draw(() => fc.integer({ min: 0, max: 5 })) === 0) return null;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    const length = draw(() => fc.nat({ max: 3 }));
    return Array.from({ length }, () => inputValue(draw, inner.ofType, depth + 1, nodeTypes));
  }
  if (isEnumType(inner)) {
    return draw(() => fc.boolean()) ? pick(draw, inner.getValues()).value : "NOT_A_VALUE";
  }
  if (isInputObjectType(inner)) {
    if (depth > 3) return {};
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (isNonNullType(field.type) || draw(() => fc.boolean())) {
        value[field.name] = inputValue(draw, field.type, depth + 1, nodeTypes);
      }
    }
    return value;
  }
  if (isScalarType(inner)) return scalarValue(draw, inner.name, nodeTypes);
  return null;
}

function scalarValue(draw: Draw, name: string, nodeTypes: string[]): unknown {
  switch (name) {
    case "Int":
      return draw(() =>
        fc.oneof(
          fc.integer({ min: -3, max: 600 }),
          fc.integer(),
          fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1.5),
        ),
      );
    case "Float":
      return draw(() => fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(1e308, -0)));
    case "Boolean":
      return draw(() => fc.boolean());
    case "ID":
      return draw(() =>
        fc.oneof(
          fc.constantFrom(...nodeTypes).map((type) => encodeGlobalID(type, "c0000000000000000000000")),
          fc.string({ maxLength: 30 }),
          fc.constant(encodeGlobalID("Nope", "1")),
        ),
      );
    case "DateTime":
      return draw(() =>
        fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.string({ maxLength: 12 }),
        ),
      );
    case "JSONString":
      return draw(() => fc.oneof(fc.json({ maxDepth: 2 }), fc.string({ maxLength: 20 })));
    default:
      return draw(() =>
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ unit: "grapheme", maxLength: 20 }),
          fc.constantFrom(
            "a@example.com",
            "+12015550123",
            "USPS",
            "",
            " ",
            "%",
            "_",
            "'; DROP TABLE",
            "A".repeat(5000),
          ),
        ),
      );
  }
}

/** A selection set for an output type: a few leaves, sometimes one nested object, fragments on abstract types. */
function selection(draw: Draw, type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type) as GraphQLNamedType;
  if (isLeafType(named)) return "";
  if (isUnionType(named) || isInterfaceType(named)) {
    const possible = isUnionType(named) ? named.getTypes() : [];
    const concrete = possible.length > 0 ? pick(draw, possible) : null;
    const inline =
      concrete && depth < 3 ? ` ... on ${concrete.name} ${selection(draw, concrete, depth)}` : "";
    return `{ __typename${inline} }`;
  }
  if (!isObjectType(named)) return "{ __typename }";
  const fields = Object.values(named.getFields()).filter((field) =>
    field.args.every((arg) => !isNonNullType(arg.type)),
  );
  const parts = ["__typename"];
  const count = draw(() => fc.integer({ min: 1, max: 4 }));
  for (let index = 0; index < count && fields.length > 0; index++) {
    const field = pick(draw, fields);
    const leaf = isLeafType(getNamedType(field.type));
    if (leaf) parts.push(field.name);
    else if (depth < 3) parts.push(`${field.name} ${selection(draw, field.type, depth + 1)}`);
  }
  return `{ ${[...new Set(parts)].join(" ")} }`;
}

/** One random operation on one root field of the schema, its arguments passed as variables. */
export function randomOperation(draw: Draw, schema: GraphQLSchema): FuzzOperation {
  const roots = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ] as const;
  const [kind, root] = pick(draw, roots);
  const nodeTypes = Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && type.getInterfaces().some((iface) => iface.name === "Node"))
    .map((type) => type.name);
  const fields = Object.values(root!.getFields()).filter((field) => !SKIPPED_ROOT_FIELDS.has(field.name));
  const field: GraphQLField<unknown, unknown> = pick(draw, fields);
  const definitions: string[] = [];
  const uses: string[] = [];
  const variables: Record<string, unknown> = {};
  field.args.forEach((arg: GraphQLArgument, index) => {
    if (!isNonNullType(arg.type) && draw(() => fc.boolean())) return;
    definitions.push(`$a${index}: ${String(arg.type)}`);
    uses.push(`${arg.name}: $a${index}`);
    variables[`a${index}`] = inputValue(draw, arg.type, 0, nodeTypes);
  });
  const head = definitions.length > 0 ? `${kind} Fuzz(${definitions.join(", ")})` : `${kind} Fuzz`;
  const call = uses.length > 0 ? `${field.name}(${uses.join(", ")})` : field.name;
  return { query: `${head} { ${call} ${selection(draw, field.type, 1)} }`, variables };
}
