import type { OffsetConnection } from "./offset-paging.ts";

type Paged = Pick<OffsetConnection<unknown>, "totalCount" | "page" | "pageSize">;

/**
 * Resolvers of the fields a numbered-pages connection adds to Relay's (the screens show first,
 * last, current and neighbouring page numbers). Pothos types a connection's parent as Relay's
 * shape only, hence the cast.
 */
export const pagedConnection = {
  totalCount: (parent: object) => (parent as Paged).totalCount(),
  page: (parent: object) => (parent as Paged).page,
  pageSize: (parent: object) => (parent as Paged).pageSize,
  pageCount: async (parent: object) => {
    const paged = parent as Paged;
    return Math.ceil((await paged.totalCount()) / paged.pageSize);
  },
};

export const PAGE_ARG_DESCRIPTION = "1-based page number to jump to (with pageSize), instead of first/after.";
export const PAGE_SIZE_ARG_DESCRIPTION = "Rows per page with `page` (default 50).";
