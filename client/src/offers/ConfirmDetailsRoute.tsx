import Alert from "@mui/material/Alert";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useParams } from "react-router-dom";
import { OFFER_MESSAGES } from "../../../common/offers.ts";
import { DispatchPanel } from "../dispatch/DispatchPanel.tsx";
import { LoadDocumentsPanel } from "../documents/LoadDocumentsPanel.tsx";
import { CarrierLoadStops } from "../loads/CarrierLoadStops.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import { ScreenBoundary } from "../ui/ScreenBoundary.tsx";
import type { ConfirmDetailsRouteQuery } from "./__generated__/ConfirmDetailsRouteQuery.graphql";
import { ConfirmDetailsForm } from "./ConfirmDetailsForm.tsx";
import { TenderCard } from "./TenderCard.tsx";

function ConfirmDetailsPage({ loadId, fetchKey }: { loadId: string; fetchKey: number }) {
  const data = useLazyLoadQuery<ConfirmDetailsRouteQuery>(
    graphql`
      query ConfirmDetailsRouteQuery($loadId: String!) {
        confirmDetails(loadId: $loadId) {
          loadId
          ...ConfirmDetailsForm_details
          ...DispatchPanel_details
        }
      }
    `,
    { loadId },
    { fetchPolicy: "network-only", fetchKey },
  );
  if (!data.confirmDetails) {
    return (
      <Alert severity="warning" role="alert">
        {OFFER_MESSAGES.noWinner}
      </Alert>
    );
  }
  return (
    <>
      <ConfirmDetailsForm key={data.confirmDetails.loadId} details={data.confirmDetails} />
      <DispatchPanel key={`${data.confirmDetails.loadId}-dispatch`} details={data.confirmDetails} />
      <CarrierLoadStops key={`${data.confirmDetails.loadId}-stops`} loadId={loadId} />
      <LoadDocumentsPanel key={`${data.confirmDetails.loadId}-documents`} loadId={loadId} operator={false} />
    </>
  );
}

/** /carrier/carrier-portal/confirm-details/{loadId}: the winner confirms truck and driver. */
export default function ConfirmDetailsRoute() {
  const { loadId = "" } = useParams();
  return (
    <>
      <PageTitle>{`Confirm Details for Load #${loadId}`}</PageTitle>
      <TenderCard key={`${loadId}-tender`} loadId={loadId} operator={false} />
      <ScreenBoundary errorMessage="The load details could not be loaded." loadingLabel="Loading...">
        {(fetchKey) => <ConfirmDetailsPage loadId={loadId} fetchKey={fetchKey} />}
      </ScreenBoundary>
    </>
  );
}
