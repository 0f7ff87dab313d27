import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Context } from "../context.ts";
import { fragmentsByName } from "./document-parts.ts";

/**
 * Field extension: what this field answers, whether it is allowed and what the object it returns
 * allows, depends on the viewer through its role at most (admin, carrier), never on who it is.
 * A subscription whose every selected field says so is executed once per event and role, and
 * that one answer goes to every subscriber of the role with the same document and variables.
 */
export const SAME_FOR_ROLE = { sameForRole: true } as const;

type MaybePromise<T> = T | Promise<T>;

const sameForRoleOf = new WeakMap<DocumentNode, Map<string, boolean>>();

/** Whether the operation selects only SAME_FOR_ROLE fields (and __typename), on object types. */
export function selectsOnlySameForRole(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): boolean {
  let byOperation = sameForRoleOf.get(document);
  if (!byOperation) {
    byOperation = new Map();
    sameForRoleOf.set(document, byOperation);
  }
  const known = byOperation.get(operationName ?? "");
  if (known !== undefined) return known;
  const answer = walkOperation(schema, document, operationName);
  byOperation.set(operationName ?? "", answer);
  return answer;
}

function walkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
): boolean {
  const operation = getOperationAST(document, operationName);
  const root = schema.getSubscriptionType();
  if (operation?.operation !== "subscription" || !root) return false;
  const fragments = fragmentsByName(document);
  const inPath = new Set<string>();
  // Abstract types and fragments on another type are not followed: only what is provably the
  // same object type counts (anything else is executed per subscriber, as before).
  const walk = (type: GraphQLObjectType, selectionSet: SelectionSetNode): boolean =>
    selectionSet.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === "__typename") return true;
        const field = type.getFields()[selection.name.value];
        if (field?.extensions.sameForRole !== true) return false;
        if (!selection.selectionSet) return true;
        const inner = getNamedType(field.type);
        return isObjectType(inner) && walk(inner, selection.selectionSet);
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        return (condition === undefined || condition === type.name) && walk(type, selection.selectionSet);
      }
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || fragment.typeCondition.name.value !== type.name || inPath.has(name)) return false;
      inPath.add(name);
      const answer = walk(type, fragment.selectionSet);
      inPath.delete(name);
      return answer;
    });
  return walk(root, operation.selectionSet);
}

const documentIds = new WeakMap<DocumentNode, string>();
let nextDocumentId = 1;

/** The document's text when the parser kept it, else one id per document object. */
function documentKey(document: DocumentNode): string {
  const text = document.loc?.source.body;
  if (text !== undefined) return text;
  let id = documentIds.get(document);
  if (id === undefined) {
    id = `#${nextDocumentId++}`;
    documentIds.set(document, id);
  }
  return id;
}

/**
 * What a subscriber's answer to an event depends on when it selects only SAME_FOR_ROLE fields:
 * the document, operation, variables and the viewer's role. Null when it may depend on more
 * (or there is no viewer): it is then executed for this subscriber alone.
 */
export function sharedAnswerKey(args: ExecutionArgs): string | null {
  const viewer = (args.contextValue as Partial<Context> | undefined)?.viewer;
  if (!viewer || !selectsOnlySameForRole(args.schema, args.document, args.operationName)) return null;
  return JSON.stringify([
    documentKey(args.document),
    args.operationName ?? null,
    viewer.role,
    args.variableValues ?? null,
  ]);
}

type Step = IteratorResult<ExecutionResult, void>;

function isPromiseLike<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === "function";
}

function stepOf(result: MaybePromise<ExecutionResult>): MaybePromise<Step> {
  return isPromiseLike(result)
    ? Promise.resolve(result).then((value) => ({ done: false, value }))
    : { done: false, value: result };
}

/**
 * Answers by event object (one per published event, shared by every listener) and key; a settled
 * answer is kept as a plain step, which the later subscribers take without awaiting anything.
 */
const answers = new WeakMap<object, Map<string, MaybePromise<Step>>>();

function sharedStep(event: object, key: string, args: ExecutionArgs): MaybePromise<Step> {
  let byKey = answers.get(event);
  if (!byKey) {
    byKey = new Map();
    answers.set(event, byKey);
  }
  let step = byKey.get(key);
  if (step === undefined) {
    step = stepOf(execute({ ...args, rootValue: event }));
    byKey.set(key, step);
    if (isPromiseLike(step)) {
      const shared = byKey;
      void step.then((settled) => shared.set(key, settled));
    }
  }
  return step;
}

/**
 * The subscribe half of graphql-js (the field's `subscribe`, so its authorization, runs for each
 * subscriber), then each event is executed as the spec says, but once for all subscribers whose
 * answer is provably the same (sharedAnswerKey). One plain iterator step per event: no async
 * generator per event as the default executor makes, which is what 2,000 watchers of one offer
 * pay for on every bid.
 */
export async function subscribeSharingAnswers(
  args: ExecutionArgs,
): Promise<AsyncGenerator<ExecutionResult, void, void> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in stream)) return stream as ExecutionResult;
  const events = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const key = sharedAnswerKey(args);
  // Created once per subscriber: nothing but the step itself is allocated per event.
  const answer = (event: unknown): MaybePromise<Step> =>
    key !== null && typeof event === "object" && event !== null
      ? sharedStep(event, key, args)
      : stepOf(execute({ ...args, rootValue: event }));
  const finish = async (): Promise<Step> => {
    await events.return?.();
    return { done: true, value: undefined };
  };
  const iterator: AsyncGenerator<ExecutionResult, void, void> = {
    next: () => events.next().then((step) => (step.done ? finish() : answer(step.value))),
    return: finish,
    throw: async (error: unknown) => {
      await events.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
    // `await using` on the stream ends it like return() (Node 20 defines the symbol).
    [Symbol.asyncDispose]: async () => {
      await finish();
    },
  };
  return iterator;
}

/** Runs every subscription (over graphql-ws and SSE alike) through subscribeSharingAnswers. */
export const useSharedSubscriptionAnswers: Plugin = {
  onSubscribe({ setSubscribeFn }) {
    setSubscribeFn(subscribeSharingAnswers as never);
  },
};
