import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import {
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
import { fuzzDate, fuzzNumber, fuzzString } from "./fuzz-values.ts";

type Draw = fc.GeneratorValue;
export type OperationKind = "query" | "mutation" | "subscription";

export interface RootField {
  kind: OperationKind;
  name: string;
  field: GraphQLField<unknown, unknown>;
}

export interface FuzzOperation {
  query: string;
  variables: Record<string, unknown>;
}

/** What generated values draw from: ids of the world's objects and readable keys (load ids, e-mails, ...). */
export interface ValuePools {
  ids: readonly string[];
  plain: readonly string[];
  /** The world's global ids by type: a tame `offerId` or `UpdateCarrierInput.id` gets one of its type. */
  idsByType: Readonly<Record<string, readonly string[]>>;
}

/** The type whose id an input field holds, read from its name or its input type's name. */
function idTypeOf(fieldName: string, inputName: string, pools: ValuePools): string | undefined {
  const types = Object.keys(pools.idsByType);
  const named = fieldName.replace(/Ids?$/, "");
  const direct = types.find((type) => type.toLowerCase() === named.toLowerCase());
  if (direct) return direct;
  if (/^(driver|winner|bidder)/i.test(named)) return "User";
  if (fieldName !== "id" && fieldName !== "ids") return undefined;
  return types.filter((type) => inputName.includes(type)).sort((a, b) => b.length - a.length)[0];
}

/** Every query, mutation and subscription field of the schema. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const roots = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
    ["subscription", schema.getSubscriptionType()],
  ] as const;
  return roots.flatMap(([kind, root]) =>
    Object.values(root?.getFields() ?? {}).map((field) => ({ kind, name: field.name, field })),
  );
}

function pick<T>(draw: Draw, items: readonly T[]): T {
  return items[draw(() => fc.noBias(fc.nat({ max: items.length - 1 })))];
}

/** How an operation's inputs are drawn: the share of hostile values among its leaves. */
interface Temper {
  hostility: number;
}

function roll(draw: Draw, chance: number): boolean {
  return draw(() => fc.noBias(fc.integer({ min: 0, max: 999 }))) < chance * 1000;
}

/**
 * A value for an input type. A tame operation is well-typed with plausible values (the world's
 * ids and keys, small numbers, real dates) and an odd hostile leaf, so it reaches the services;
 * a hostile one mixes in junk of any JSON shape, unknown enum values and hostile leaves.
 */
function inputValue(
  draw: Draw,
  type: GraphQLInputType,
  depth: number,
  pools: ValuePools,
  temper: Temper,
  idType?: string,
): unknown {
  const hostile = roll(draw, temper.hostility);
  if (hostile && roll(draw, 0.1)) return draw(() => fc.jsonValue({ maxDepth: 2 }));
  if (!isNonNullType(type) && roll(draw, 0.15)) return null;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) {
    const length = draw(() => fc.oneof(fc.nat({ max: 3 }), fc.constant(120)));
    return Array.from({ length: hostile ? length : Math.min(length, 2) }, () =>
      inputValue(draw, inner.ofType, depth + 1, pools, temper, idType),
    );
  }
  if (isEnumType(inner)) {
    return hostile && roll(draw, 0.3) ? "NOT_A_VALUE" : pick(draw, inner.getValues()).name;
  }
  if (isInputObjectType(inner)) {
    if (depth > 3) return {};
    const value: Record<string, unknown> = {};
    const oneOf = (inner as { isOneOf?: boolean }).isOneOf === true;
    const fields = Object.values(inner.getFields());
    if (oneOf && fields.length > 0 && draw(() => fc.integer({ min: 0, max: 5 })) > 0) {
      const field = pick(draw, fields);
      value[field.name] = inputValue(
        draw,
        getNullableType(field.type) as GraphQLInputType,
        depth + 1,
        pools,
        temper,
        idTypeOf(field.name, inner.name, pools),
      );
      return value;
    }
    for (const field of fields) {
      if (isNonNullType(field.type) || draw(() => fc.boolean())) {
        const idType = idTypeOf(field.name, inner.name, pools);
        value[field.name] = inputValue(draw, field.type, depth + 1, pools, temper, idType);
      }
    }
    return value;
  }
  if (isScalarType(inner))
    return hostile ? scalarValue(draw, inner.name, pools) : tameScalar(draw, inner.name, pools, idType);
  return null;
}

/** A plausible value of a scalar: what a client of the app would send. */
function tameScalar(draw: Draw, name: string, pools: ValuePools, idType?: string): unknown {
  const typed = idType ? pools.idsByType[idType] : undefined;
  if (typed?.length && (name === "ID" || name === "String") && roll(draw, 0.8)) return pick(draw, typed);
  switch (name) {
    case "Int":
      return draw(() => fc.integer({ min: 1, max: 50 }));
    case "Float":
      return draw(() =>
        fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 5000, noNaN: true })),
      );
    case "Boolean":
      return draw(() => fc.boolean());
    case "ID":
      return pick(draw, pools.ids);
    case "DateTime":
    case "Date":
      return new Date(Date.now() + draw(() => fc.integer({ min: -30, max: 30 })) * 86_400_000).toISOString();
    case "JSONString":
      return "{}";
    default:
      return draw(() =>
        fc.oneof(
          fc.constantFrom(...pools.plain),
          fc.constantFrom(...pools.ids),
          fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/),
        ),
      );
  }
}

function scalarValue(draw: Draw, name: string, pools: ValuePools): unknown {
  switch (name) {
    case "Int":
      return fuzzNumber(draw, true);
    case "Float":
      return fuzzNumber(draw, false);
    case "Boolean":
      return draw(() => fc.boolean());
    case "ID":
      return draw(() =>
        fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...pools.ids) },
          { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
          { weight: 1, arbitrary: fc.constant(encodeGlobalID("Nope", "1")) },
          { weight: 1, arbitrary: fc.constant(encodeGlobalID("Offer", "c0000000000000000000missing")) },
        ),
      );
    case "DateTime":
    case "Date":
      return fuzzDate(draw);
    case "JSONString":
      return draw(() => fc.oneof(fc.json({ maxDepth: 2 }), fc.string({ maxLength: 20 })));
    default:
      return fuzzString(draw, pools.ids, pools.plain);
  }
}

/** Fields that lead to the objects of a list or payload: always selected, so the oracle sees them. */
const ALWAYS_FOLLOWED = new Set(["edges", "node", "nodes", "data"]);

/**
 * A selection set for an output type: `id` wherever the type has one (the read oracle looks for
 * it), a few other fields, nested objects to depth 3, inline fragments on abstract types.
 */
function selection(draw: Draw, type: GraphQLOutputType, depth: number, pools: ValuePools): string {
  const named = getNamedType(type) as GraphQLNamedType;
  if (isLeafType(named)) return "";
  if (isUnionType(named) || isInterfaceType(named)) {
    const possible = isUnionType(named) ? named.getTypes() : [];
    const parts = ["__typename"];
    if (isInterfaceType(named) && named.getFields().id) parts.push("id");
    for (const concrete of depth < 4 ? possible : []) {
      parts.push(`... on ${concrete.name} ${selection(draw, concrete, depth + 1, pools)}`);
    }
    return `{ ${[...new Set(parts)].join(" ")} }`;
  }
  if (!isObjectType(named)) return "{ __typename }";
  const all = Object.values(named.getFields());
  const parts = ["__typename"];
  if (named.getFields().id) parts.push("id");
  const count = draw(() => fc.integer({ min: 1, max: 5 }));
  const followed = all.filter((field) => ALWAYS_FOLLOWED.has(field.name));
  const picked = Array.from({ length: Math.min(count, all.length) }, () => pick(draw, all));
  for (const field of [...followed, ...picked]) {
    const required = field.args.filter((arg) => isNonNullType(arg.type));
    const args = required.map(
      (arg) => `${arg.name}: ${JSON.stringify(scalarValue(draw, String(getNamedType(arg.type)), pools))}`,
    );
    if (args.some((arg) => arg.endsWith(": undefined"))) continue;
    const call = args.length > 0 ? `${field.name}(${args.join(", ")})` : field.name;
    if (isLeafType(getNamedType(field.type))) parts.push(call);
    else if (depth < 4) parts.push(`${call} ${selection(draw, field.type, depth + 1, pools)}`);
  }
  return `{ ${[...new Set(parts)].join(" ")} }`;
}

export interface OperationOptions {
  /** The share of hostile leaves among the inputs; drawn per operation when not given. */
  hostility?: number;
  /** Arguments given their value instead of a generated one. */
  fixed?: Record<string, unknown>;
}

/** One random operation on `root`, its arguments passed as variables. */
export function randomOperation(
  draw: Draw,
  root: RootField,
  pools: ValuePools,
  options: OperationOptions = {},
): FuzzOperation {
  const temper = { hostility: options.hostility ?? draw(() => fc.constantFrom(0.05, 0.05, 0.3, 0.8)) };
  const definitions: string[] = [];
  const uses: string[] = [];
  const variables: Record<string, unknown> = {};
  root.field.args.forEach((arg, index) => {
    const fixed = options.fixed !== undefined && arg.name in options.fixed;
    // A tame operation leaves most optional arguments out: lists then answer their first page.
    if (!fixed && !isNonNullType(arg.type) && !roll(draw, Math.max(temper.hostility, 0.2))) return;
    definitions.push(`$a${index}: ${String(arg.type)}`);
    uses.push(`${arg.name}: $a${index}`);
    const idType = idTypeOf(arg.name, root.name, pools);
    variables[`a${index}`] = fixed
      ? options.fixed?.[arg.name]
      : inputValue(draw, arg.type, 0, pools, temper, idType);
  });
  const head = definitions.length > 0 ? `${root.kind} Fuzz(${definitions.join(", ")})` : `${root.kind} Fuzz`;
  const call = uses.length > 0 ? `${root.name}(${uses.join(", ")})` : root.name;
  return { query: `${head} { ${call} ${selection(draw, root.field.type, 1, pools)} }`, variables };
}
