import { performance } from "node:perf_hooks";
import type { DocumentNode, ExecutionResult, GraphQLError } from "graphql";
import { isAsyncIterable, type Plugin } from "graphql-yoga";
import { requestedOperation } from "../graphql/document-parts.ts";
import type { ObservedOperation } from "./access-log.ts";
import { moduleLogger } from "./logger.ts";
import { countError, observeGraphQLOperation, subscriptionEnded, subscriptionStarted } from "./metrics.ts";
import { operationLabel } from "./operation-labels.ts";

const log = moduleLogger("graphql");

/** Where the HTTP route reads which operation its request ran (for its access line). */
export interface OperationHolder {
  operation?: ObservedOperation;
}

/** What this plugin reads of a context (HTTP: Yoga's server context; graphql-ws: the socket's). */
interface ObservedContext {
  observedOperation?: OperationHolder;
  socket?: unknown;
  meta?: { requestId?: string };
}

/** The errors the masking replaced (server/graphql/yoga.ts), and their cause: logged where they leave. */
const unexpectedCauses = new WeakMap<object, unknown>();

/** Called by the error masking for an error the client only sees as "Unexpected error.". */
export function noteUnexpectedError(masked: GraphQLError, cause: unknown): void {
  unexpectedCauses.set(masked, cause);
}

export function describeOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): ObservedOperation {
  const operation = requestedOperation(document, operationName);
  return { name: operation?.name?.value ?? null, type: operation?.operation ?? "unknown" };
}

function requestIdOf(context: unknown): string | undefined {
  return (context as ObservedContext | undefined)?.meta?.requestId;
}

/**
 * Counts the errors of a result by code and logs, once, the cause of each masked one (at error,
 * with the stack and the request id). HTTP results are read here (onResultProcess), graphql-ws'
 * where the socket sends them (observeSocketResult).
 */
function observeErrors(
  errors: readonly GraphQLError[] | undefined,
  requestId: string | undefined,
  operation?: ObservedOperation,
) {
  for (const error of errors ?? []) {
    countError("graphql", error.extensions?.code ?? "NONE");
    const masked = unexpectedCauses.has(error) ? error : error.originalError;
    if (!masked || !unexpectedCauses.has(masked)) continue;
    const cause = unexpectedCauses.get(masked);
    unexpectedCauses.delete(masked);
    log.error(
      { err: cause, requestId, operation: operation?.name ?? null, path: error.path?.join(".") },
      "unexpected error",
    );
  }
}

/** A result (or the errors) graphql-ws is about to send on a socket. */
export function observeSocketResult(
  context: unknown,
  outcome: ExecutionResult | readonly GraphQLError[],
): void {
  observeErrors(Array.isArray(outcome) ? outcome : (outcome as ExecutionResult).errors, requestIdOf(context));
}

function record(context: unknown, operation: ObservedOperation) {
  const observed = context as ObservedContext;
  if (observed.observedOperation) observed.observedOperation.operation = operation;
  if (observed.socket) {
    log.debug(
      { requestId: requestIdOf(context), operation: operation.name, operationType: operation.type },
      "socket operation",
    );
  }
}

/**
 * Operation latency by name and type, the subscriptions gauge, error counts and the log of
 * unexpected errors. First among the plugins, so that it sees every operation, including those
 * a later plugin answers by itself.
 */
export const useOperationObserver: Plugin = {
  onExecute({ args }) {
    const operation = describeOperation(args.document, args.operationName);
    record(args.contextValue, operation);
    const started = performance.now();
    return {
      onExecuteDone() {
        const seconds = (performance.now() - started) / 1000;
        observeGraphQLOperation(operationLabel(operation.name), operation.type, seconds);
      },
    };
  },
  onSubscribe({ args }) {
    record(args.contextValue, describeOperation(args.document, args.operationName));
    return {
      onSubscribeResult({ result }) {
        if (!isAsyncIterable(result)) return;
        subscriptionStarted();
        return { onEnd: subscriptionEnded };
      },
    };
  },
  onResultProcess({ result, serverContext }) {
    if (isAsyncIterable(result)) return;
    const context = serverContext as ObservedContext & { appContext?: ObservedContext };
    const requestId = requestIdOf(context.appContext);
    for (const one of Array.isArray(result) ? result : [result]) {
      observeErrors(
        one.errors as readonly GraphQLError[] | undefined,
        requestId,
        context.observedOperation?.operation,
      );
    }
  },
};

/**
 * The operation of a request answered from the response cache (nothing ran): its name as the body
 * gives it, a query (the cache keeps nothing else).
 */
export function cachedOperation(bodyText: string): ObservedOperation {
  let name: string | null = null;
  try {
    const body = JSON.parse(bodyText) as { operationName?: unknown; query?: unknown };
    if (typeof body.operationName === "string") name = body.operationName;
    else if (typeof body.query === "string") name = /\bquery\s+([_A-Za-z]\w*)/.exec(body.query)?.[1] ?? null;
  } catch {
    // A cached answer's body was JSON when it was first answered; nothing to name otherwise.
  }
  return { name, type: "query" };
}
