import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  type FragmentDefinitionNode,
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
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
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

const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 1;

/**
 * What a subscriber's answer to an event depends on when it selects only SAME_FOR_ROLE fields:
 * the document (the parser cache hands one object per text), operation, variables and role.
 * Null when it may depend on more: it is then executed for this subscriber alone.
 */
export function sharedAnswerKey(args: ExecutionArgs): string | null {
  const viewer = (args.contextValue as Partial<Context> | undefined)?.viewer;
  if (!viewer || !selectsOnlySameForRole(args.schema, args.document, args.operationName)) return null;
  let documentId = documentIds.get(args.document);
  if (documentId === undefined) {
    documentId = nextDocumentId++;
    documentIds.set(args.document, documentId);
  }
  return JSON.stringify([documentId, args.operationName ?? null, viewer.role, args.variableValues ?? null]);
}

/** Answers by event object (one per published event, shared by every listener) and key. */
const answers = new WeakMap<object, Map<string, MaybePromise<ExecutionResult>>>();

function answerOnce(
  event: object,
  key: string,
  run: () => MaybePromise<ExecutionResult>,
): MaybePromise<ExecutionResult> {
  let byKey = answers.get(event);
  if (!byKey) {
    byKey = new Map();
    answers.set(event, byKey);
  }
  let answer = byKey.get(key);
  if (answer === undefined) {
    answer = run();
    byKey.set(key, answer);
  }
  return answer;
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
  const answer = (event: unknown): MaybePromise<ExecutionResult> => {
    const run = () => execute({ ...args, rootValue: event });
    return key !== null && typeof event === "object" && event !== null ? answerOnce(event, key, run) : run();
  };
  const finish = async (): Promise<IteratorResult<ExecutionResult, void>> => {
    await events.return?.();
    return { done: true, value: undefined };
  };
  const iterator: AsyncGenerator<ExecutionResult, void, void> = {
    next: () =>
      events
        .next()
        .then(async (step) => (step.done ? finish() : { done: false, value: await answer(step.value) })),
    return: finish,
    throw: async (error: unknown) => {
      await events.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
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
