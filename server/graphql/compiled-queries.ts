import {
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  type Source,
  type SourceLocation,
} from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import type { Plugin } from "graphql-yoga";
import type { Context } from "../context.ts";
import { compiledQuerySchema } from "./compiled-schema.ts";
import { requestedOperation } from "./document-parts.ts";

/**
 * Queries that run again and again (list screens, the same document from every operator) run as
 * JavaScript compiled from the document by graphql-jit instead of graphql-js' field-by-field
 * interpreter: the load list page resolves about 500 fields, and compiled they cost about 40% less
 * CPU (bench/throughput.ts). The resolvers, auth scopes and results are the same.
 * - Queries only: mutations and subscriptions stay with the standard executor.
 * - From a document's second run by a signed-in viewer: compiling costs several runs, so a stream
 *   of distinct documents, or anyone anonymous, never makes the server compile.
 * - Documents up to MAX_COMPILED_SOURCE characters (the screens' are at most about 1,100), and at
 *   most COMPILE_MS_PER_SECOND of compiling per second: compiling grows with the document (the
 *   load list page's 0.9 KB about 2 ms, 3.8 KB up to 35 ms, 11 KB 60-90 ms), and it runs on the
 *   event loop. A document over the budget runs uncompiled and is compiled on a later run.
 * - Introspection, documents graphql-jit cannot compile and variables it refuses run as before,
 *   so their answers and messages stay graphql-js' own.
 */
export const COMPILE_AFTER_RUNS = 1;
export const MAX_COMPILED_SOURCE = 3_000;
const COMPILE_MS_PER_SECOND = 50;

interface DocumentState {
  runs: number;
  /** The compiled operation; null when it is not to be compiled. */
  compiled: CompiledQuery | null | undefined;
}

type Execute = (args: ExecutionArgs) => unknown;

let compiledCount = 0;

/** How many operations this process has compiled so far (tests watch it move). */
export function compiledOperationCount(): number {
  return compiledCount;
}

export function useCompiledQueries(schema: GraphQLSchema): Plugin {
  let compiledSchema: GraphQLSchema | null = null;
  // Per document (Yoga's parser cache hands the same DocumentNode for the same text), per operation.
  const states = new WeakMap<object, Map<string, DocumentState>>();

  const stateOf = (args: ExecutionArgs): DocumentState => {
    let byOperation = states.get(args.document);
    if (!byOperation) {
      byOperation = new Map();
      states.set(args.document, byOperation);
    }
    const key = args.operationName ?? "";
    let state = byOperation.get(key);
    if (!state) {
      const operation = requestedOperation(args.document, args.operationName);
      const compilable =
        operation?.operation === "query" &&
        (args.document.loc?.source.body.length ?? Number.POSITIVE_INFINITY) <= MAX_COMPILED_SOURCE &&
        !operation.selectionSet.selections.some(
          (selection) =>
            selection.kind === "Field" &&
            (selection.name.value === "__schema" || selection.name.value === "__type"),
        );
      state = { runs: 0, compiled: compilable ? undefined : null };
      byOperation.set(key, state);
    }
    return state;
  };

  // Compiling time spent in the current one-second window.
  let windowStart = 0;
  let spentMs = 0;

  const compiledFor = (args: ExecutionArgs): CompiledQuery | null => {
    const state = stateOf(args);
    if (state.compiled !== undefined) return state.compiled;
    if (!(args.contextValue as Context).viewer || ++state.runs <= COMPILE_AFTER_RUNS) return null;
    const started = performance.now();
    if (started - windowStart >= 1_000) {
      windowStart = started;
      spentMs = 0;
    }
    if (spentMs >= COMPILE_MS_PER_SECOND) return null;
    compiledSchema ??= compiledQuerySchema(schema);
    const compiled = compileQuery(compiledSchema, args.document, args.operationName ?? undefined);
    spentMs += performance.now() - started;
    state.compiled = isCompiledQuery(compiled) ? compiled : null;
    if (state.compiled) compiledCount++;
    return state.compiled;
  };

  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const compiled = args.schema === schema ? compiledFor(args) : null;
      if (!compiled) return;
      const standard = executeFn as Execute;
      setExecuteFn(((current: ExecutionArgs) => {
        const result = compiled.query(current.rootValue, current.contextValue, current.variableValues);
        return settle(result, current, () => standard(current));
      }) as typeof executeFn);
    },
  };
}

/**
 * A result without data means the variables were refused: graphql-js words that answer. Errors
 * become graphql-js errors located in the document's source (graphql-jit's carry locations only,
 * which Yoga drops when it rebuilds an error).
 */
function settle(result: unknown, args: ExecutionArgs, standard: () => unknown): unknown {
  const check = (value: ExecutionResult) => {
    if (!("data" in value)) return standard();
    if (!value.errors?.length) return value;
    const source = args.document.loc?.source;
    return { ...value, errors: value.errors.map((error) => located(error, source)) };
  };
  return result instanceof Promise ? result.then(check) : check(result as ExecutionResult);
}

function located(error: GraphQLError, source: Source | undefined): GraphQLError {
  const positions = source && error.locations?.map((location) => offsetOf(source.body, location));
  return new GraphQLError(error.message, {
    source,
    positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** The offset of a 1-based line and column in `body`. */
function offsetOf(body: string, { line, column }: SourceLocation): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const lineBreak = /\r\n|[\n\r]/g;
    lineBreak.lastIndex = offset;
    const found = lineBreak.exec(body);
    if (!found) break;
    offset = found.index + found[0].length;
  }
  return offset + column - 1;
}
