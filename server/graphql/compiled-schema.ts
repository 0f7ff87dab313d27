import { MapperKind, mapSchema } from "@graphql-tools/utils";
import {
  defaultFieldResolver,
  type GraphQLAbstractType,
  GraphQLError,
  type GraphQLFieldResolver,
  GraphQLInterfaceType,
  type GraphQLIsTypeOfFn,
  type GraphQLNamedType,
  GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  GraphQLUnionType,
  getNamedType,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from "graphql";
import type { Path } from "graphql/jsutils/Path";

/**
 * The schema compiled queries run against (see compiled-queries.ts): the same types, fields and
 * resolvers, with each object type's `isTypeOf` moved from the object to the field that returns it.
 *
 * With `runScopesOnType`, Pothos checks a type's auth scopes in its `isTypeOf`, which needs the
 * request's context; graphql-jit calls `isTypeOf` with the value alone. So here no object type has
 * an `isTypeOf`, and every field returning a type that had one checks each value it returns with
 * the original (value, context, info) before its fields are read: one check per object, as in
 * graphql-js, including through lists, interfaces and unions.
 */
export function compiledQuerySchema(schema: GraphQLSchema): GraphQLSchema {
  const checks = new Map<string, GraphQLIsTypeOfFn<unknown, unknown>>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (isObjectType(type) && type.isTypeOf) checks.set(type.name, type.isTypeOf);
  }
  const checked = (type: GraphQLNamedType): boolean =>
    isAbstractType(type)
      ? schema.getPossibleTypes(type).some((possible) => checks.has(possible.name))
      : checks.has(type.name);
  return mapSchema(schema, {
    [MapperKind.OBJECT_TYPE]: (type) =>
      type.isTypeOf ? new GraphQLObjectType({ ...type.toConfig(), isTypeOf: undefined }) : type,
    // graphql-jit calls resolveType with (value, context, info) only.
    [MapperKind.INTERFACE_TYPE]: (type) =>
      new GraphQLInterfaceType({
        ...type.toConfig(),
        resolveType: (value, context, info) => originalResolveType(value, context, info, type.name),
      }),
    [MapperKind.UNION_TYPE]: (type) =>
      new GraphQLUnionType({
        ...type.toConfig(),
        resolveType: (value, context, info) => originalResolveType(value, context, info, type.name),
      }),
    [MapperKind.OBJECT_FIELD]: (field) => {
      const returned = getNamedType(field.type);
      const guard = checked(returned);
      // Only a resolver that takes `info` can read the path: not one graphql-jit inlines (none),
      // nor a plain `(parent) => parent.node`.
      const readsPath =
        (field.resolve?.length ?? 0) >= 4 &&
        (Boolean(field.extensions?.pothosPrismaSelect) || !isLeafType(returned));
      if (!guard && !readsPath) return field;
      const resolve = field.resolve ?? defaultFieldResolver;
      const wrapped: GraphQLFieldResolver<unknown, object> = (source, args, context, info) => {
        if (readsPath) (info as { path: Path }).path = sharedPath(context, info.path);
        const value = resolve(source, args, context, info);
        return guard ? checkValue(value, info.returnType, context, info) : value;
      };
      return { ...field, resolve: wrapped };
    },
  });

  /** The value a field returns, once every object in it passed its type's check. */
  function checkValue(
    value: unknown,
    type: GraphQLOutputType,
    context: unknown,
    info: GraphQLResolveInfo,
  ): unknown {
    if (value === null || value === undefined || value instanceof Error) return value;
    if (isPromiseLike(value)) return value.then((settled) => checkValue(settled, type, context, info));
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) {
      if (!isIterable(value)) return value;
      // An item that fails its check becomes an error at its own place in the list, as in graphql-js.
      const items = [...value].map((item) => {
        try {
          const checked = checkValue(item, inner.ofType, context, info);
          return isPromiseLike(checked) ? Promise.resolve(checked).catch(asError) : checked;
        } catch (error) {
          return asError(error);
        }
      });
      return items.some(isPromiseLike) ? Promise.all(items) : items;
    }
    const named = getNamedType(inner);
    if (!isAbstractType(named)) return passes(value, named.name, context, info);
    const typeName = originalResolveType(value, context, info, named.name);
    return isPromiseLike(typeName)
      ? typeName.then((name) => (name ? passes(value, name, context, info) : value))
      : typeName
        ? passes(value, typeName, context, info)
        : value;
  }

  function passes(value: unknown, typeName: string, context: unknown, info: GraphQLResolveInfo): unknown {
    const check = checks.get(typeName);
    if (!check) return value;
    const verdict = check(value, context, info);
    if (isPromiseLike(verdict)) return verdict.then((ok) => judged(ok, value, typeName));
    return judged(verdict, value, typeName);
  }

  /**
   * The original abstract type's resolveType, given the original schema: type resolvers that
   * ask each possible type's isTypeOf (graphql's default) need the types that still have one.
   */
  function originalResolveType(
    value: unknown,
    context: unknown,
    info: GraphQLResolveInfo,
    typeName: string,
  ): string | undefined | Promise<string | undefined> {
    const original = schema.getType(typeName) as GraphQLAbstractType;
    return original.resolveType?.(value, context, { ...info, schema }, original) ?? undefined;
  }
}

/** A shared path, with the shared paths beneath it. */
interface SharedPath extends Path {
  children?: Map<string | number, SharedPath>;
}

/** The shared root paths of each request, by its context. */
const rootPaths = new WeakMap<object, Map<string | number, SharedPath>>();

/**
 * One path object per response path within a request, as graphql-js hands out: Pothos' Prisma
 * plugin records what a query loaded against the path object of the field that loaded it and
 * finds it again from a descendant's `path.prev` chain, by identity; graphql-jit builds each
 * resolver's path afresh. So fields that plan or read Prisma selections (those returning objects,
 * and those with a Prisma `select`) get the request's shared path objects.
 */
function sharedPath(context: object, path: Path): SharedPath {
  let children: Map<string | number, SharedPath> | undefined;
  let prev: SharedPath | undefined;
  if (path.prev) {
    prev = sharedPath(context, path.prev);
    children = prev.children ??= new Map();
  } else {
    children = rootPaths.get(context);
    if (!children) {
      children = new Map();
      rootPaths.set(context, children);
    }
  }
  let shared = children.get(path.key);
  if (!shared) {
    shared = { prev, key: path.key, typename: path.typename };
    children.set(path.key, shared);
  }
  return shared;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function judged(passed: boolean, value: unknown, typeName: string): unknown {
  if (!passed) throw new GraphQLError(`Expected value of type "${typeName}" but got another value.`);
  return value;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof (value as Iterable<unknown> | null)?.[Symbol.iterator] === "function";
}
