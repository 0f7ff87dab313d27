import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { CarrierNotFound } from "../carriers/CarrierNotFound.tsx";
import { carrierDetailPath } from "../carriers/carrier-rules.ts";
import { useCarrierChangedSubscription } from "../carriers/useCarrierChangedSubscription.ts";
import type { ManualAssignmentPageQuery } from "./__generated__/ManualAssignmentPageQuery.graphql";
import { ManualAssignmentForm } from "./ManualAssignmentForm.tsx";

export const manualAssignmentPageQuery = graphql`
  query ManualAssignmentPageQuery($carrierId: String!) {
    carrierByCarrierId(carrierId: $carrierId) {
      carrierId
      carrierName
      ...ManualAssignmentForm_carrier
    }
  }
`;

interface ManualAssignmentPageProps {
  queryRef: PreloadedQuery<ManualAssignmentPageQuery>;
}

export function ManualAssignmentPage({ queryRef }: ManualAssignmentPageProps) {
  const { carrierByCarrierId: carrier } = usePreloadedQuery<ManualAssignmentPageQuery>(
    manualAssignmentPageQuery,
    queryRef,
  );
  // Drivers attached or detached elsewhere show up in the Driver list at once.
  useCarrierChangedSubscription();
  if (!carrier) {
    return (
      <CarrierNotFound>
        No carrier has this id. Pick one from the{" "}
        <Link component={RouterLink} to="/admin/ila/carriers">
          carrier list
        </Link>
        .
      </CarrierNotFound>
    );
  }
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A new load, assigned to a driver of{" "}
        <Link component={RouterLink} to={carrierDetailPath(carrier.carrierId)}>
          {carrier.carrierName}
        </Link>
        .
      </Typography>
      <ManualAssignmentForm carrier={carrier} />
    </>
  );
}
