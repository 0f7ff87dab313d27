import { ValidationError } from "../errors.ts";

export const CARRIER_PAGE_SIZE = 50;
export const MAX_CARRIER_PAGE_SIZE = 200;
const MAX_PAGE = 100_000;

interface ConnectionQuery {
  take: number;
  skip: number;
  cursor?: unknown;
}

interface PageArgs {
  page?: number | null;
  pageSize?: number | null;
  after?: string | null;
  before?: string | null;
  last?: number | null;
}

/**
 * Offset pages on top of the Relay connection: `page: 3` skips two pages of `pageSize` (which the
 * connection already turned into `take` = size + 1, the extra row telling whether more follow).
 * Without `page` the cursor query stays as it is.
 */
export function carrierPageQuery<Query extends ConnectionQuery>(query: Query, args: PageArgs): Query {
  if (args.pageSize != null && (args.pageSize < 1 || args.pageSize > MAX_CARRIER_PAGE_SIZE)) {
    throw new ValidationError(`pageSize must be between 1 and ${MAX_CARRIER_PAGE_SIZE}`, [
      { field: "pageSize", message: `pageSize must be between 1 and ${MAX_CARRIER_PAGE_SIZE}` },
    ]);
  }
  if (args.page == null) return query;
  if (args.page < 1 || args.page > MAX_PAGE) {
    const message = `page must be between 1 and ${MAX_PAGE}`;
    throw new ValidationError(message, [{ field: "page", message }]);
  }
  if (args.after != null || args.before != null || args.last != null) {
    const message = "page cannot be combined with after, before or last";
    throw new ValidationError(message, [{ field: "page", message }]);
  }
  const { cursor: _cursor, ...rest } = query;
  const size = query.take - 1;
  return { ...rest, skip: (args.page - 1) * size } as Query;
}
