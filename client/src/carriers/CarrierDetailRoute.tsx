import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Link from "@mui/material/Link";
import { Link as RouterLink, useParams } from "react-router-dom";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import CarrierDetailPageQueryNode, {
  type CarrierDetailPageQuery,
} from "./__generated__/CarrierDetailPageQuery.graphql";
import { CarrierDetailPage } from "./CarrierDetailPage.tsx";
import { CARRIER_TEXTS } from "./carrier-rules.ts";

/** /admin/ila/carriers/{carrierId}: the carrier's details and drivers. */
export default function CarrierDetailRoute() {
  const { carrierId = "" } = useParams();
  const { queryRef, retry } = usePageQuery<CarrierDetailPageQuery>(CarrierDetailPageQueryNode, { carrierId });
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
      <QueryBoundary
        queryRef={queryRef}
        resetKey={carrierId}
        message={CARRIER_TEXTS.carrierFetchFailed}
        onRetry={retry}
        loadingLabel="Loading carrier..."
      >
        {(loaded) => <CarrierDetailPage queryRef={loaded} />}
      </QueryBoundary>
    </>
  );
}
