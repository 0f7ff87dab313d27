/**
 * The one encoding of a paged list's criteria in the address bar, shared by every list screen:
 * `q` (search), the list's own filter keys, `sort` + `dir` (asc/desc), `page`, `size`.
 * Defaults are left out, so a plain list has a plain address; what the address cannot mean
 * (an unknown sort field, page -2) falls back to the default.
 */

export type SortDirection = "ASC" | "DESC";

export interface ListSort<Field extends string> {
  field: Field;
  direction: SortDirection;
}

export interface ListCriteria<Filter, Field extends string> {
  search: string;
  filter: Filter;
  /** null: the server's own order (the list's default when it has none). */
  sort: ListSort<Field> | null;
  page: number;
  pageSize: number;
}

/** What a list keeps in the address besides the common keys. */
export interface ListSpec<Filter, Field extends string> {
  sortFields: readonly Field[];
  defaultSort: ListSort<Field> | null;
  /** 50 on every spec list (section 9). */
  pageSize: number;
  /** Page sizes the address may ask for (the default is always allowed). */
  pageSizes?: readonly number[];
  emptyFilter: Filter;
  readFilter(params: URLSearchParams): Filter;
  writeFilter(filter: Filter, params: URLSearchParams): void;
  /** The search text's key: "q" unless the screen's links already used another. */
  searchKey?: string;
  /** The address keys `writeFilter` may set (so that keys the list does not own survive). */
  filterKeys: readonly string[];
}

export const SEARCH_MAX_LENGTH = 100;

function positiveInteger(text: string | null): number | null {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 1 ? value : null;
}

const sameSort = <Field extends string>(a: ListSort<Field> | null, b: ListSort<Field> | null) =>
  a === b || (a !== null && b !== null && a.field === b.field && a.direction === b.direction);

export function defaultCriteria<Filter, Field extends string>(
  spec: ListSpec<Filter, Field>,
): ListCriteria<Filter, Field> {
  return { search: "", filter: spec.emptyFilter, sort: spec.defaultSort, page: 1, pageSize: spec.pageSize };
}

/** The criteria the address holds. */
export function readCriteria<Filter, Field extends string>(
  spec: ListSpec<Filter, Field>,
  params: URLSearchParams,
): ListCriteria<Filter, Field> {
  const field = params.get("sort");
  const known = field !== null && (spec.sortFields as readonly string[]).includes(field);
  const sort: ListSort<Field> | null = known
    ? { field: field as Field, direction: params.get("dir") === "desc" ? "DESC" : "ASC" }
    : spec.defaultSort;
  const size = positiveInteger(params.get("size"));
  return {
    search: (params.get(spec.searchKey ?? "q") ?? "").slice(0, SEARCH_MAX_LENGTH),
    filter: spec.readFilter(params),
    sort,
    page: positiveInteger(params.get("page")) ?? 1,
    pageSize: size !== null && (spec.pageSizes ?? []).includes(size) ? size : spec.pageSize,
  };
}

/**
 * The address for these criteria. `base` keeps keys the list does not own (a view or a tab);
 * every key the list owns is written afresh.
 */
export function writeCriteria<Filter, Field extends string>(
  spec: ListSpec<Filter, Field>,
  criteria: ListCriteria<Filter, Field>,
  base?: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams();
  const own = ownKeys(spec);
  for (const [key, value] of base ?? []) if (!own.has(key)) params.append(key, value);
  const search = criteria.search.trim();
  if (search) params.set(spec.searchKey ?? "q", search);
  spec.writeFilter(criteria.filter, params);
  if (criteria.sort && !sameSort(criteria.sort, spec.defaultSort)) {
    params.set("sort", criteria.sort.field);
    params.set("dir", criteria.sort.direction === "DESC" ? "desc" : "asc");
  }
  if (criteria.page > 1) params.set("page", String(criteria.page));
  if (criteria.pageSize !== spec.pageSize) params.set("size", String(criteria.pageSize));
  return params;
}

/** The keys a list writes: the common ones and its filter's. */
function ownKeys<Filter, Field extends string>(spec: ListSpec<Filter, Field>): Set<string> {
  return new Set([spec.searchKey ?? "q", "sort", "dir", "page", "size", ...spec.filterKeys]);
}

/**
 * The criteria after a change: anything but the page itself (search, filter, sort, page size)
 * starts again from page 1.
 */
export function changeCriteria<Filter, Field extends string>(
  current: ListCriteria<Filter, Field>,
  change: Partial<ListCriteria<Filter, Field>>,
): ListCriteria<Filter, Field> {
  const onlyPage = Object.keys(change).every((key) => key === "page");
  return { ...current, ...change, page: onlyPage ? (change.page ?? current.page) : 1 };
}

/** One text per distinct criteria (the address without unrelated keys), to tell changes apart. */
export function criteriaKey<Filter, Field extends string>(
  spec: ListSpec<Filter, Field>,
  criteria: ListCriteria<Filter, Field>,
): string {
  return writeCriteria(spec, criteria).toString();
}

export { sameSort };
