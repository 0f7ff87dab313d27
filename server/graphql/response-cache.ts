import { type DocumentNode, Kind, type SelectionSetNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { Viewer } from "../auth/policy.ts";
import type { Context } from "../context.ts";
import { fragmentsByName, requestedOperation } from "./document-parts.ts";

/**
 * Whole GraphQL answers kept for a short while, for the few read-only lists many operators poll
 * (the load list). An answer is reused only when all of these hold:
 * - the same signed-in user (id and role), the same request (body, Accept, content type, CSRF
 *   header): the viewer's session is checked on every request before the cache is consulted,
 *   so a revoked session or a changed role never sees a kept answer;
 * - the database has not changed since the answer was computed: SQLite's `PRAGMA data_version`
 *   on the reader connection moves with every commit from any other connection (this process's
 *   Prisma, the upload workers, other instances on the same file), whatever table it wrote;
 * - the operation is a query whose root fields are all in CACHEABLE_ROOT_FIELDS (answers that
 *   depend on nothing but committed rows and the viewer: no clock, no in-memory state), it read
 *   nothing through Prisma (only the reader connection, which sees committed rows only: a Prisma
 *   read may see another request's transaction that later rolls back), and it has no errors;
 * - it is younger than LIFETIME_MS (bounds what the load count's own short cache may lag).
 * PostgreSQL has no such cheap version: there nothing is cached.
 */
export const CACHEABLE_ROOT_FIELDS: ReadonlySet<string> = new Set(["loads", "lastUpload", "__typename"]);
export const LIFETIME_MS = 10_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;
/** Bodies past this are not worth a key (the list's body is about 1 KB). */
const MAX_KEYED_BODY = 16 * 1024;

interface Entry {
  version: number;
  until: number;
  status: number;
  headers: [string, string][];
  body: string;
  bytes: number;
}

/** What one request that missed the cache learned while it ran. */
interface Watch {
  eligible: boolean;
  readThroughPrisma: boolean;
}

/** Keyed by the request's Prisma client stand-in: Yoga copies the context's properties. */
const watches = new WeakMap<object, Watch>();

type ResponseConstructor = new (body: string, init: ResponseInit) => Response;

export interface ResponseCache {
  /** The cache key of a request that may be answered from the cache, or null. */
  keyOf(request: Request, viewer: Viewer | null, body: string): string | null;
  /** A kept answer, still valid. */
  lookup(key: string): Response | null;
  /**
   * Runs a request that missed: `run` gets the context to execute with (its Prisma client marks
   * the request when used) and the answer is kept when it qualifies.
   */
  fill(
    key: string,
    context: Context,
    run: (context: Context) => Response | Promise<Response>,
  ): Promise<Response>;
}

export function createResponseCache(
  dataVersion: (() => number) | null,
  ResponseClass: ResponseConstructor,
): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function drop(key: string, entry: Entry) {
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    keyOf(request, viewer, body) {
      if (!dataVersion || !viewer || request.method !== "POST" || body.length > MAX_KEYED_BODY) return null;
      const headers = request.headers;
      return [
        viewer.id,
        viewer.role,
        headers.get("accept") ?? "",
        headers.get("content-type") ?? "",
        headers.has("x-graphql-yoga-csrf") ? "csrf" : "",
        new URL(request.url).search,
        body,
      ].join("\u0000");
    },

    lookup(key) {
      const entry = entries.get(key);
      if (!entry || !dataVersion) return null;
      if (entry.version !== dataVersion() || entry.until < Date.now()) {
        drop(key, entry);
        return null;
      }
      // Least recently used first out: move it to the end.
      entries.delete(key);
      entries.set(key, entry);
      return new ResponseClass(entry.body, { status: entry.status, headers: entry.headers });
    },

    async fill(key, context, run) {
      if (!dataVersion) return run(context);
      const version = dataVersion();
      const watch: Watch = { eligible: false, readThroughPrisma: false };
      const db = markingUse(context.db, watch);
      watches.set(db, watch);
      const response = await run({ ...context, db });
      if (!watch.eligible || watch.readThroughPrisma || response.status !== 200) return response;
      const body = await response.text();
      const entry: Entry = {
        version,
        until: Date.now() + LIFETIME_MS,
        status: response.status,
        headers: [...response.headers],
        body,
        bytes: key.length + body.length,
      };
      const old = entries.get(key);
      if (old) drop(key, old);
      if (entry.bytes <= MAX_BYTES / 16) {
        entries.set(key, entry);
        bytes += entry.bytes;
        for (const [oldest, kept] of entries) {
          if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
          drop(oldest, kept);
        }
      }
      return new ResponseClass(body, { status: entry.status, headers: entry.headers });
    },
  };
}

/** The Prisma client as the request sees it: any use marks the answer as not to be kept. */
function markingUse<T extends object>(client: T, watch: Watch): T {
  return new Proxy(client, {
    get(target, property) {
      watch.readThroughPrisma = true;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The root field names an operation selects, through fragments; null past a mutation or subscription. */
function rootFieldNames(
  document: DocumentNode,
  operationName: string | null | undefined,
): Set<string> | null {
  const fragments = fragmentsByName(document);
  const operation = requestedOperation(document, operationName);
  if (operation?.operation !== "query") return null;
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  visit(operation.selectionSet);
  return names;
}

const verdicts = new WeakMap<DocumentNode, Map<string, boolean>>();

/** Whether the operation only asks for root fields whose answers may be kept. */
export function isCacheableOperation(document: DocumentNode, operationName: string | null | undefined) {
  let byName = verdicts.get(document);
  if (!byName) {
    byName = new Map();
    verdicts.set(document, byName);
  }
  const name = operationName ?? "";
  let verdict = byName.get(name);
  if (verdict === undefined) {
    const names = rootFieldNames(document, operationName);
    verdict = names !== null && [...names].every((field) => CACHEABLE_ROOT_FIELDS.has(field));
    byName.set(name, verdict);
  }
  return verdict;
}

/** Tells the response cache which executions may be kept (see createResponseCache). */
export const useResponseCacheEligibility: Plugin = {
  onExecute({ args }) {
    const watch = watches.get((args.contextValue as unknown as Context).db);
    if (!watch) return;
    watch.eligible = isCacheableOperation(args.document, args.operationName);
    return {
      onExecuteDone({ result }) {
        // A streamed (incremental) answer or one with errors is never kept.
        if (Symbol.asyncIterator in result || result.errors?.length) watch.eligible = false;
      },
    };
  },
};
