import { ValidationError } from "../errors.ts";

/**
 * Paging for every list that shows numbered pages, in GraphQL and REST alike: Relay's first/after/last/before with cursors that
 * encode a row offset, or `page`/`pageSize` to jump straight to page N. Both address the same
 * rows, so a client may go from one to the other (jump to page 7, then fetch `first: 50, after:
 * <last cursor>`), but not send both in one request.
 */
export interface OffsetPageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  page?: number | null;
  pageSize?: number | null;
  /** A caller whose own edge bounds the page size (REST's `limit`) raises the list's maximum. */
  maxPageSize?: number;
}

export interface OffsetWindow {
  offset: number;
  limit: number;
  /** The page number when the window is a whole page of `limit` rows. */
  page: number;
  pageSize: number;
}

export interface PagingLimits {
  defaultSize: number;
  maxSize: number;
}

const PREFIX = "offset:";
/** Deeper pages are refused: nobody reads them, and an offset that far costs a scan. */
const MAX_PAGE = 100_000;

export function offsetCursor(offset: number): string {
  return Buffer.from(`${PREFIX}${offset}`).toString("base64url");
}

export function cursorOffset(cursor: string, field: string): number {
  const decoded = Buffer.from(cursor, "base64url").toString("utf8");
  const offset = Number(decoded.slice(PREFIX.length));
  if (!decoded.startsWith(PREFIX) || !Number.isInteger(offset) || offset < 0) {
    throw new ValidationError(`Invalid cursor in ${field}`, [{ field, message: "Invalid cursor" }]);
  }
  return offset;
}

function size(value: number | null | undefined, field: string, limits: PagingLimits): number {
  if (value === null || value === undefined) return limits.defaultSize;
  if (!Number.isInteger(value) || value < 1 || value > limits.maxSize) {
    const message = `${field} must be between 1 and ${limits.maxSize}`;
    throw new ValidationError(message, [{ field, message }]);
  }
  return value;
}

/**
 * Which rows the arguments ask for. `last` without `before` needs the total, so it is given as a
 * function and only called then.
 */
export async function offsetWindow(
  args: OffsetPageArgs,
  limits: PagingLimits,
  totalCount: () => Promise<number>,
): Promise<OffsetWindow> {
  if (args.page !== null && args.page !== undefined) {
    if (!Number.isInteger(args.page) || args.page < 1) {
      throw new ValidationError("page must be 1 or more", [
        { field: "page", message: "page must be 1 or more" },
      ]);
    }
    if (args.page > MAX_PAGE) {
      const message = `page must be at most ${MAX_PAGE}`;
      throw new ValidationError(message, [{ field: "page", message }]);
    }
    if (args.after != null || args.before != null || args.last != null) {
      const message = "page cannot be combined with after, before or last";
      throw new ValidationError(message, [{ field: "page", message }]);
    }
    const pageSize = size(args.pageSize, "pageSize", {
      ...limits,
      maxSize: Math.max(limits.maxSize, args.maxPageSize ?? 0),
    });
    return { offset: (args.page - 1) * pageSize, limit: pageSize, page: args.page, pageSize };
  }
  let offset = args.after ? cursorOffset(args.after, "after") + 1 : 0;
  let end = args.before ? cursorOffset(args.before, "before") : null;
  if (args.first !== null && args.first !== undefined) {
    const first = size(args.first, "first", limits);
    end = end === null ? offset + first : Math.min(end, offset + first);
  }
  if (args.last !== null && args.last !== undefined) {
    const last = size(args.last, "last", limits);
    if (end === null) end = await totalCount();
    offset = Math.max(offset, end - last);
  }
  if (end === null) end = offset + limits.defaultSize;
  const limit = Math.max(0, end - offset);
  const pageSize = limit || limits.defaultSize;
  return { offset, limit, page: Math.floor(offset / pageSize) + 1, pageSize };
}

export interface OffsetConnection<Node> {
  edges: { cursor: string; node: Node }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: () => Promise<number>;
  page: number;
  pageSize: number;
}

/** An edge whose cursor is encoded only when a document asks for it (the list screens do not). */
class OffsetEdge<Node> {
  constructor(
    private readonly offset: number,
    readonly node: Node,
  ) {}

  get cursor(): string {
    return offsetCursor(this.offset);
  }
}

/**
 * The connection for rows fetched with `limit + 1` (the extra row only says a next page exists).
 */
export function offsetConnection<Node>(
  rows: Node[],
  window: OffsetWindow,
  totalCount: () => Promise<number>,
): OffsetConnection<Node> {
  const nodes = rows.slice(0, window.limit);
  const edges = nodes.map((node, index) => new OffsetEdge(window.offset + index, node));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > window.limit,
      hasPreviousPage: window.offset > 0,
      // Encoded when read, as the edges' (the list screens ask for neither).
      get startCursor() {
        return edges[0]?.cursor ?? null;
      },
      get endCursor() {
        return edges.at(-1)?.cursor ?? null;
      },
    },
    totalCount,
    page: window.page,
    pageSize: window.pageSize,
  };
}

/** Runs a count once, however many fields ask for it. */
export function memoize<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= load();
    return promise;
  };
}

/** The rows one page reads: `take` is the page's size plus the one row that says a next page exists. */
export interface PageRead {
  skip: number;
  take: number;
}

/**
 * The one page function of every numbered list, GraphQL's and REST's: counts only when someone
 * asks for the total, reads `limit + 1` rows so `hasNextPage` needs no count, and reads nothing
 * for an empty window.
 */
export async function numberedPage<Node>(
  paging: OffsetPageArgs,
  limits: PagingLimits,
  count: () => Promise<number>,
  /** `totalCount` is the list's total, counted once however many ask (a list may read from its end). */
  rows: (read: PageRead, totalCount: () => Promise<number>) => Promise<Node[]>,
): Promise<OffsetConnection<Node>> {
  const totalCount = memoize(count);
  const window = await offsetWindow(paging, limits, totalCount);
  const found =
    window.limit === 0 ? [] : await rows({ skip: window.offset, take: window.limit + 1 }, totalCount);
  return offsetConnection(found, window, totalCount);
}

export type SortDirection = "asc" | "desc";

export interface ListOrder<Field extends string> {
  field: Field;
  direction: SortDirection;
}

/** What a list's service receives: the parsed arguments, paging left to `numberedPage`. */
export interface ListRequest<Filter, Field extends string> {
  search: string | null;
  filter: Filter | null;
  orderBy: ListOrder<Field>;
  paging: OffsetPageArgs;
  /** The document asks totalCount or pageCount: a list may count with the page's own statement. */
  counted: boolean;
}

/** The Prisma `select`/`include` a caller asks of each row (GraphQL: the document's selection). */
export type NodeQuery = { select?: object; include?: object };
