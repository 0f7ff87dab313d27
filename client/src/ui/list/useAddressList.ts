import { useCallback, useState } from "react";
import type { ListSpec } from "./list-url.ts";
import { type PageKey, readPage, usePagedList } from "./usePagedList.ts";

const followsTheAddress = () => {};

/**
 * `usePagedList` for a screen whose query reads the criteria itself (`useLazyLoadQuery` with the
 * address's criteria as variables): a change of address re-renders with new variables inside the
 * router's transition, so there is nothing to refetch. Call `answered` with the connection the
 * server gave (it spreads `...usePagedList_page`), so a page beyond it goes back to page 1.
 */
export function useAddressList<Filter, Field extends string>(spec: ListSpec<Filter, Field>) {
  const [pageCount, setPageCount] = useState(1);
  const list = usePagedList(spec, { refetch: followsTheAddress, pageCount });
  // Called while rendering: set only a change (an update to the same value would render again forever).
  const answered = useCallback(
    (answer: PageKey) => {
      const count = readPage(answer).pageCount;
      if (count !== pageCount) setPageCount(count);
    },
    [pageCount],
  );
  return { ...list, answered };
}
