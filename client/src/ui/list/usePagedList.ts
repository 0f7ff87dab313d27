import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { graphql, readInlineData } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { FetchPolicy } from "relay-runtime";
import { useShortcuts } from "../shortcuts.ts";
import type { TablePaging } from "../table/DataTable.tsx";
import type {
  usePagedList_page$data,
  usePagedList_page$key,
} from "./__generated__/usePagedList_page.graphql";
import {
  changeCriteria,
  criteriaKey,
  type ListCriteria,
  type ListSort,
  type ListSpec,
  readCriteria,
  writeCriteria,
} from "./list-url.ts";
import type { SortChoices } from "./SortMenu.tsx";

const SEARCH_DELAY_MS = 300;

/**
 * What every list connection (the `NumberedPage` interface) says about the page it answered: each
 * list document spreads `...usePagedList_page` on its connection and reads it with `readPage`.
 */
const PAGE_FRAGMENT = graphql`
  fragment usePagedList_page on NumberedPage @inline {
    totalCount
    pageCount
    page
    pageSize
  }
`;

export type PageInfo = usePagedList_page$data;
export type PageKey = usePagedList_page$key;

/** The page numbers of a connection that spreads `...usePagedList_page`. */
export function readPage(key: PageKey): PageInfo {
  return readInlineData(PAGE_FRAGMENT, key);
}

interface PagedListOptions<Filter, Field extends string> {
  /** Fetches the list for these criteria (a Relay refetch); called inside a transition. */
  refetch(criteria: ListCriteria<Filter, Field>, fetchPolicy: FetchPolicy): void;
  /** The shown page count: a page beyond it goes back to page 1 (spec section 4). */
  pageCount: number;
}

/**
 * The one paged-list state: search, filter, sort, page and page size live in the address (so a
 * reload, Back or a shared link shows the same page), any change but the page starts again from
 * page 1, the search runs once typing pauses, and each change refetches in a transition (the
 * old rows stay, dimmed, until the new ones arrive). Registers 'n'/'p' for the next/previous page.
 */
export function usePagedList<Filter, Field extends string>(
  spec: ListSpec<Filter, Field>,
  { refetch, pageCount }: PagedListOptions<Filter, Field>,
) {
  const [params, setParams] = useSearchParams();
  const criteria = useMemo(() => readCriteria(spec, params), [spec, params]);
  const key = criteriaKey(spec, criteria);
  const [isPending, startTransition] = useTransition();
  const latest = useRef({ criteria, refetch });
  latest.current = { criteria, refetch };
  const fetched = useRef(key);
  const nextPolicy = useRef<FetchPolicy>("store-or-network");

  // The address changed (a pick, Back, a link): show what it says.
  useEffect(() => {
    if (fetched.current === key) return;
    fetched.current = key;
    const fetchPolicy = nextPolicy.current;
    nextPolicy.current = "store-or-network";
    startTransition(() => latest.current.refetch(latest.current.criteria, fetchPolicy));
  }, [key]);

  const change = useCallback(
    (
      changes: Partial<ListCriteria<Filter, Field>>,
      { replace = false, fetchPolicy }: { replace?: boolean; fetchPolicy?: FetchPolicy } = {},
    ) => {
      if (fetchPolicy) nextPolicy.current = fetchPolicy;
      setParams(
        (current) => writeCriteria(spec, changeCriteria(readCriteria(spec, current), changes), current),
        { replace },
      );
    },
    [setParams, spec],
  );

  const reload = useCallback(() => {
    startTransition(() => latest.current.refetch(latest.current.criteria, "network-only"));
  }, []);

  // The search box: its own text, sent once typing pauses (or at once on Enter).
  const [searchText, setSearchText] = useState(criteria.search);
  useEffect(() => {
    setSearchText((text) => (text.trim() === criteria.search.trim() ? text : criteria.search));
  }, [criteria.search]);
  useEffect(() => {
    if (searchText.trim() === latest.current.criteria.search.trim()) return;
    const timer = window.setTimeout(() => change({ search: searchText }, { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, change]);
  const searchNow = useCallback(() => {
    if (searchText.trim() !== latest.current.criteria.search.trim()) change({ search: searchText });
  }, [searchText, change]);

  // Spec section 4: back to page 1 when the page no longer exists.
  useEffect(() => {
    if (!isPending && criteria.page > 1 && criteria.page > pageCount) {
      change({ page: 1 }, { replace: true, fetchPolicy: "network-only" });
    }
  }, [isPending, criteria.page, pageCount, change]);

  const setPage = useCallback((page: number) => change({ page }), [change]);
  useShortcuts([
    {
      key: "n",
      description: "Next page",
      group: "Lists",
      run: () => {
        const { page } = latest.current.criteria;
        if (page < pageCount) setPage(page + 1);
      },
    },
    {
      key: "p",
      description: "Previous page",
      group: "Lists",
      run: () => {
        const { page } = latest.current.criteria;
        if (page > 1) setPage(page - 1);
      },
    },
    { key: "Enter", description: "Open the focused row", group: "Lists" },
    { key: "ArrowDown", keyLabel: "↑ ↓", description: "Move between rows", group: "Lists" },
  ]);

  const sortBy = useCallback((sort: ListSort<Field> | null) => change({ sort }), [change]);
  return {
    criteria,
    isPending,
    change,
    setPage,
    reload,
    searchText,
    setSearchText,
    searchNow,
    /** Spread on `ListToolbar`: the search box. */
    search: { searchText, onSearchText: setSearchText, onSearchNow: searchNow },
    /** `ListToolbar`'s `sort`: the Sort menu over these fields. */
    sortMenu: (fields: SortChoices<Field>["fields"], defaultLabel?: string): SortChoices<Field> => ({
      fields,
      defaultLabel,
      value: criteria.sort,
      onChange: sortBy,
    }),
    /**
     * Spread on `DataTable`: the loading bar, sortable headers, the rows' count and the count and
     * pager of the page the server answered.
     */
    tableOf: (answer: PageAnswer, names: Pick<TablePaging, "label" | "noun" | "countTestId">) => {
      const { page, pageCount, pageSize, totalCount } = readPage(answer);
      return {
        loading: isPending,
        sort: criteria.sort,
        onSort: (sort: ListSort<Field>) => sortBy(sort),
        rowCount: answer.edges.length,
        paging: { page, pageCount, pageSize, totalCount, ...names, onPage: setPage },
      };
    },
  };
}

/** A numbered-page connection as a list document selects it: its page numbers and its rows. */
export type PageAnswer = PageKey & { readonly edges: readonly unknown[] };
