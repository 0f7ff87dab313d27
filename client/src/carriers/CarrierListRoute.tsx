import { useListQuery } from "../ui/list/useListQuery.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import CarrierListPageQueryNode, {
  type CarrierListPageQuery,
} from "./__generated__/CarrierListPageQuery.graphql";
import { CarrierListPage } from "./CarrierListPage.tsx";
import { CARRIER_LIST, carrierVariables } from "./carrier-list-view.ts";
import { CARRIER_TEXTS } from "./carrier-rules.ts";

/** /admin/ila/carriers: the carrier network, searchable, filterable and sortable, 50 per page; criteria in the address. */
export default function CarrierListRoute() {
  const { queryRef, retry, attempt } = useListQuery<
    CarrierListPageQuery,
    typeof CARRIER_LIST.emptyFilter,
    (typeof CARRIER_LIST.sortFields)[number]
  >(CarrierListPageQueryNode, CARRIER_LIST, carrierVariables);
  return (
    <>
      <PageTitle>{CARRIER_TEXTS.listTitle}</PageTitle>
      <QueryBoundary
        queryRef={queryRef}
        resetKey={attempt}
        message={CARRIER_TEXTS.listFetchFailed}
        onRetry={retry}
        loadingLabel="Loading carriers..."
      >
        {(loaded) => <CarrierListPage queryRef={loaded} />}
      </QueryBoundary>
    </>
  );
}
