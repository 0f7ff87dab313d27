import { Suspense, useCallback, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import CarrierListPageQueryNode, {
  type CarrierListPageQuery,
} from "./__generated__/CarrierListPageQuery.graphql";
import { CarrierListPage } from "./CarrierListPage.tsx";
import { CARRIER_TEXTS } from "./carrier-rules.ts";

/** /admin/ila/carriers: the carrier network, searchable, filterable and sortable, 50 per page. */
export default function CarrierListRoute() {
  const [queryRef, loadQuery] = useQueryLoader<CarrierListPageQuery>(CarrierListPageQueryNode);
  const load = useCallback(
    (fetchPolicy: "store-and-network" | "network-only") => loadQuery({}, { fetchPolicy }),
    [loadQuery],
  );
  useEffect(() => load("store-and-network"), [load]);
  return (
    <>
      <PageTitle>{CARRIER_TEXTS.listTitle}</PageTitle>
      <ErrorBoundary message={CARRIER_TEXTS.listFetchFailed} onRetry={() => load("network-only")}>
        <Suspense fallback={<Loading label="Cargando carriers..." />}>
          {queryRef ? <CarrierListPage queryRef={queryRef} /> : <Loading label="Cargando carriers..." />}
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
