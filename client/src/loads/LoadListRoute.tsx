import { useListQuery } from "../ui/list/useListQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import LoadListPageQueryNode, { type LoadListPageQuery } from "./__generated__/LoadListPageQuery.graphql";
import { LoadListPage } from "./LoadListPage.tsx";
import { LOAD_LIST, variablesOf } from "./list-criteria.ts";
import { LOADS_FETCH_FAILED } from "./messages.ts";

/** /admin/ila/load: the load list, starting from the search, filters, sort and page in the address. */
export default function LoadListRoute() {
  const { queryRef, retry, attempt } = useListQuery<
    LoadListPageQuery,
    typeof LOAD_LIST.emptyFilter,
    (typeof LOAD_LIST.sortFields)[number]
  >(LoadListPageQueryNode, LOAD_LIST, variablesOf);
  return (
    <QueryBoundary queryRef={queryRef} resetKey={attempt} message={LOADS_FETCH_FAILED} onRetry={retry}>
      {(loaded) => <LoadListPage queryRef={loaded} />}
    </QueryBoundary>
  );
}
