import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValueNode,
  visit,
} from "graphql";
import { fragmentsByName, requestedOperation } from "./document-parts.ts";

/**
 * What graphql-armor does not cover: a cost model that knows our list sizes. A field costs 1 plus
 * its selection, times the number of items it may return: `first`/`last`/`pageSize` (literal or
 * variable), the length of an `ids` list, DEFAULT_PAGE_SIZE for a paged field asked without a size,
 * or DEFAULT_LIST_SIZE for other list fields. Introspection
 * is counted too. Every fragment's cost is computed once, so the check stays linear in the size of
 * the document however often fragments spread each other.
 */
export const DEFAULT_LIST_SIZE = 10;
/** A connection asked for without a size answers its default page (50 in every domain). */
export const DEFAULT_PAGE_SIZE = 50;
/** A whole-schema introspection answer is large; `__type(name:)` is one type. */
export const INTROSPECTION_COST = { __schema: 5_000, __type: 100 } as const;
export const MAX_COST = { anonymous: 3_000, signedIn: 60_000 } as const;
/**
 * Each object `node(id:)` / `nodes(ids:)` loads is a database read of its own (and a read-policy
 * check), where a list page's rows come from one statement: it costs this much on top of its
 * selection, so one signed-in request loads at most about 240 objects by id (15 aliases of
 * `nodes` with 100 ids each used to pass and took seconds).
 */
export const NODE_LOOKUP_COST = 250;
const SIZE_ARGUMENTS = new Set(["first", "last", "pageSize"]);
/** A guard for absurd literal numbers: costs past this are already refused. */
const COST_CEILING = 1e12;

export type Variables = Record<string, unknown> | null | undefined;

function numberOf(value: ValueNode, variables: Variables): number | null {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const raw = variables?.[value.name.value];
    return typeof raw === "number" && Number.isFinite(raw) ? raw : null;
  }
  return null;
}

function lengthOf(value: ValueNode, variables: Variables): number | null {
  if (value.kind === Kind.LIST) return value.values.length;
  if (value.kind === Kind.VARIABLE) {
    const raw = variables?.[value.name.value];
    return Array.isArray(raw) ? raw.length : null;
  }
  return null;
}

/** How many items the field may answer with, from its arguments; null when it says nothing. */
function declaredSize(field: FieldNode, variables: Variables): number | null {
  let size: number | null = null;
  for (const argument of field.arguments ?? []) {
    const name = argument.name.value;
    const found = SIZE_ARGUMENTS.has(name)
      ? numberOf(argument.value, variables)
      : name === "ids"
        ? lengthOf(argument.value, variables)
        : null;
    if (found !== null) size = Math.max(size ?? 0, found);
  }
  return size;
}

interface KnownCosts {
  schema: GraphQLSchema;
  /** The variables a size argument reads: the cost depends on nothing else but the document. */
  sizeVariables: string[];
  costs: Map<string, number>;
}

/** Documents come from Yoga's parser cache, the same object for the same text. */
const knownCosts = new WeakMap<DocumentNode, KnownCosts>();
const MAX_COSTS_PER_DOCUMENT = 64;

function sizeVariablesOf(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(argument) {
      const name = argument.name.value;
      if ((SIZE_ARGUMENTS.has(name) || name === "ids") && argument.value.kind === Kind.VARIABLE) {
        names.add(argument.value.name.value);
      }
    },
  });
  return [...names];
}

/** What of a variable's value the cost reads: a finite number, or a list's length. */
function sizeKey(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return Array.isArray(value) ? `#${value.length}` : "-";
}

/**
 * The cost of the operation that would run (the named one, or the only one), remembered per
 * document and size variables: a screen sends the same document with the same page size.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables,
): number {
  let known = knownCosts.get(document);
  if (!known || known.schema !== schema) {
    known = { schema, sizeVariables: sizeVariablesOf(document), costs: new Map() };
    knownCosts.set(document, known);
  }
  const key = `${operationName ?? ""}|${known.sizeVariables.map((name) => sizeKey(variables?.[name])).join("|")}`;
  let cost = known.costs.get(key);
  if (cost === undefined) {
    cost = computeOperationCost(schema, document, operationName, variables);
    if (known.costs.size >= MAX_COSTS_PER_DOCUMENT) known.costs.clear();
    known.costs.set(key, cost);
  }
  return cost;
}

function computeOperationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables,
): number {
  const fragments = fragmentsByName(document);
  const operation = requestedOperation(document, operationName);
  if (!operation) return 0;
  const root =
    operation.operation === "query"
      ? schema.getQueryType()
      : operation.operation === "mutation"
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  return selectionCost(schema, (name) => fragments.get(name), operation.selectionSet, root, variables);
}

export function selectionCost(
  schema: GraphQLSchema,
  getFragment: (name: string) => FragmentDefinitionNode | undefined,
  selectionSet: SelectionSetNode,
  rootType: GraphQLNamedType | null | undefined,
  variables: Variables,
): number {
  const fragmentCosts = new Map<string, number>();
  const visiting = new Set<string>();

  function fragmentCost(fragment: FragmentDefinitionNode): number {
    const name = fragment.name.value;
    const known = fragmentCosts.get(name);
    if (known !== undefined) return known;
    // A cycle is reported by graphql's own NoFragmentCycles rule; it costs nothing here.
    if (visiting.has(name)) return 0;
    visiting.add(name);
    const type = schema.getType(fragment.typeCondition.name.value);
    const cost = setCost(fragment.selectionSet, type, false);
    visiting.delete(name);
    fragmentCosts.set(name, cost);
    return cost;
  }

  function setCost(set: SelectionSetNode, type: GraphQLNamedType | null | undefined, parentSized: boolean) {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) total += fieldCost(selection, type, parentSized);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const narrowed = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        total += setCost(selection.selectionSet, narrowed, parentSized);
      } else {
        const fragment = getFragment(selection.name.value);
        if (fragment) total += fragmentCost(fragment);
      }
      if (total > COST_CEILING) return COST_CEILING;
    }
    return total;
  }

  function fieldCost(field: FieldNode, parent: GraphQLNamedType | null | undefined, parentSized: boolean) {
    const name = field.name.value;
    if (name === "__schema" || name === "__type") return INTROSPECTION_COST[name];
    if (!field.selectionSet) return 1;
    const definition =
      parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
    const paged = definition?.args.some((argument) => SIZE_ARGUMENTS.has(argument.name)) ?? false;
    const list = definition ? isListType(getNullableType(definition.type)) : false;
    const size = declaredSize(field, variables);
    const byId =
      field.arguments?.some((argument) => argument.name.value === "ids") ||
      (name === "node" && field.arguments?.some((argument) => argument.name.value === "id"));
    let factor = 1;
    if (size !== null) factor = size;
    else if (paged) factor = DEFAULT_PAGE_SIZE;
    else if (list && !parentSized) factor = DEFAULT_LIST_SIZE;
    const below = setCost(
      field.selectionSet,
      definition ? getNamedType(definition.type) : null,
      size !== null || paged,
    );
    return Math.min(COST_CEILING, (1 + below + (byId ? NODE_LOOKUP_COST : 0)) * Math.max(1, factor));
  }

  return setCost(selectionSet, rootType, false);
}
