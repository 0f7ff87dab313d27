import { z } from "zod";
import { ValidationError } from "../errors.ts";
import type { OffsetPageArgs } from "../lib/paging.ts";
import type { RestReply } from "./router.ts";

/**
 * Every REST list is paged: `?page=N&limit=M` (page from 1, limit 1..REST_MAX_LIMIT, default
 * REST_DEFAULT_LIMIT). The body keeps the spec's shape (a JSON array of items); the paging facts
 * travel in headers, so a legacy client that reads only the array still gets the first page.
 */
export const REST_DEFAULT_LIMIT = 50;
export const REST_MAX_LIMIT = 500;

export interface RestPage {
  page: number;
  limit: number;
  offset: number;
}

function positiveInt(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1 || value > max) {
    const message = `${name} must be a whole number between 1 and ${max}`;
    throw new ValidationError(message, [{ field: name, message }]);
  }
  return value;
}

/**
 * The paging parameters of every list, as the OpenAPI document describes them. Query values are
 * text; `readRestPage` reads and checks them (the edge lets any other parameter through).
 */
export const pagingQuery = z.looseObject({
  page: z.string().optional().describe("The page, from 1 (default 1)."),
  limit: z
    .string()
    .optional()
    .describe(`Items per page, 1 to ${REST_MAX_LIMIT} (default ${REST_DEFAULT_LIMIT}).`),
});

/** A list's query: the paging parameters and the list's own (optional text, described). */
export function pagedQuery(fields: Record<string, z.ZodOptional<z.ZodString>> = {}) {
  return pagingQuery.extend(fields);
}

/** Response headers as JSON schemas (@fastify/swagger makes each a header object). */
type HeaderSchemas = Record<string, { type: string; description: string }>;

const PAGING_HEADERS: HeaderSchemas = {
  "x-total-count": { type: "integer", description: "How many items match, on every page." },
  "x-page": { type: "integer", description: "This page's number." },
  "x-page-count": { type: "integer", description: "How many pages there are (at least 1)." },
  "x-per-page": { type: "integer", description: "The page size used." },
  link: { type: "string", description: "RFC 8288 links to the next, prev, first and last pages." },
};

/**
 * The answer of a paged list: the page's items as a JSON array (the spec's shape), the totals in
 * the paging headers (documented as the response's headers).
 */
export function pagedList<Item extends z.ZodType>(
  item: Item,
  description: string,
  headers: HeaderSchemas = {},
) {
  return z.array(item).meta({ description, headers: { ...PAGING_HEADERS, ...headers } });
}

export function readRestPage(query: URLSearchParams, defaultLimit = REST_DEFAULT_LIMIT): RestPage {
  const limit = positiveInt(query, "limit", defaultLimit, REST_MAX_LIMIT);
  const page = positiveInt(query, "page", 1, 1_000_000);
  return { page, limit, offset: (page - 1) * limit };
}

/** A REST page as the arguments of the page function GraphQL's list calls too (its limit checked here). */
export function restPaging(page: RestPage): OffsetPageArgs {
  return { page: page.page, pageSize: page.limit, maxPageSize: REST_MAX_LIMIT };
}

/** A page of items with X-Total-Count, X-Page, X-Page-Count, X-Per-Page and a Link header. */
export function pagedReply(
  items: unknown[],
  page: RestPage,
  totalCount: number,
  request?: { url: string },
): RestReply {
  const pageCount = Math.max(1, Math.ceil(totalCount / page.limit));
  const headers: Record<string, string> = {
    "x-total-count": String(totalCount),
    "x-page": String(page.page),
    "x-page-count": String(pageCount),
    "x-per-page": String(page.limit),
  };
  if (request) {
    const links: string[] = [];
    const link = (target: number, rel: string) => {
      const url = new URL(request.url, "http://freightway.invalid");
      url.searchParams.set("page", String(target));
      url.searchParams.set("limit", String(page.limit));
      links.push(`<${url.pathname}${url.search}>; rel="${rel}"`);
    };
    if (page.page < pageCount) link(page.page + 1, "next");
    if (page.page > 1) link(Math.min(page.page - 1, pageCount), "prev");
    link(1, "first");
    link(pageCount, "last");
    headers.link = links.join(", ");
  }
  return { status: 200, body: items, headers, paged: true } as RestReply;
}
