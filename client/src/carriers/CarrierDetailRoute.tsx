import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Link from "@mui/material/Link";
import { Suspense, useCallback, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { Link as RouterLink, useParams } from "react-router-dom";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import CarrierDetailPageQueryNode, {
  type CarrierDetailPageQuery,
} from "./__generated__/CarrierDetailPageQuery.graphql";
import { CarrierDetailPage } from "./CarrierDetailPage.tsx";
import { CARRIER_TEXTS } from "./carrier-rules.ts";

/** /admin/ila/carriers/{carrierId}: the carrier's details and drivers. */
export default function CarrierDetailRoute() {
  const { carrierId = "" } = useParams();
  const [queryRef, loadQuery] = useQueryLoader<CarrierDetailPageQuery>(CarrierDetailPageQueryNode);
  const load = useCallback(
    (fetchPolicy: "store-and-network" | "network-only") => loadQuery({ carrierId }, { fetchPolicy }),
    [loadQuery, carrierId],
  );
  useEffect(() => load("store-and-network"), [load]);
  return (
    <>
      <Link
        component={RouterLink}
        to="/admin/ila/carriers"
        sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        Carriers
      </Link>
      <PageTitle>{`Carrier Detail #${carrierId}`}</PageTitle>
      <ErrorBoundary
        key={carrierId}
        message={CARRIER_TEXTS.carrierFetchFailed}
        onRetry={() => load("network-only")}
      >
        <Suspense fallback={<Loading label="Loading carrier..." />}>
          {queryRef ? <CarrierDetailPage queryRef={queryRef} /> : <Loading label="Loading carrier..." />}
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
