import { Suspense } from "react";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { useListQuery } from "../ui/list/useListQuery.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
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
      <ErrorBoundary message={CARRIER_TEXTS.listFetchFailed} onRetry={retry}>
        <Suspense fallback={<Loading label="Loading carriers..." />}>
          {queryRef ? (
            <CarrierListPage key={attempt} queryRef={queryRef} />
          ) : (
            <Loading label="Loading carriers..." />
          )}
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
