import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { CarrierCompliancePanel } from "../compliance/CarrierCompliancePanel.tsx";
import { RECORD_COMPLIANCE_TEXTS, RecordComplianceDialog } from "../compliance/RecordComplianceDialog.tsx";
import { CarrierDocumentsPanel } from "../documents/CarrierDocumentsPanel.tsx";
import { ScorecardPanel } from "../scorecards/ScorecardPanel.tsx";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { CarrierDetailPageQuery } from "./__generated__/CarrierDetailPageQuery.graphql";
import { CarrierDrivers, type OwnVersionMove } from "./CarrierDrivers.tsx";
import { CarrierForm } from "./CarrierForm.tsx";
import { CarrierNotFound } from "./CarrierNotFound.tsx";
import { CARRIER_TEXTS, manualAssignmentPath } from "./carrier-rules.ts";
import { useCarrierChangedSubscription } from "./useCarrierChangedSubscription.ts";

export const carrierDetailPageQuery = graphql`
  query CarrierDetailPageQuery($carrierId: String!) {
    carrierByCarrierId(carrierId: $carrierId) {
      id
      carrierId
      carrierName
      type
      ...CarrierForm_carrier
      ...CarrierDrivers_carrier
      compliance {
        ...CarrierCompliancePanel_compliance
      }
      scorecard {
        ...ScorecardPanel_scorecard
      }
    }
  }
`;

interface CarrierDetailPageProps {
  queryRef: PreloadedQuery<CarrierDetailPageQuery>;
}

export function CarrierDetailPage({ queryRef }: CarrierDetailPageProps) {
  const { carrierByCarrierId: carrier } = usePreloadedQuery<CarrierDetailPageQuery>(
    carrierDetailPageQuery,
    queryRef,
  );
  useCarrierChangedSubscription();
  // A driver change made on this screen moves the carrier's version: the form's next save is not
  // refused for it (a colleague's change still is).
  const [ownMove, setOwnMove] = useState<OwnVersionMove | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  // Each opening starts afresh: the dialog remounts after a close.
  const [recordGeneration, setRecordGeneration] = useState(0);
  const handleRecordClose = () => {
    setRecordOpen(false);
    setRecordGeneration((generation) => generation + 1);
  };
  if (!carrier) {
    return <CarrierNotFound>No carrier has this id.</CarrierNotFound>;
  }
  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 2 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {carrier.carrierName} · {carrier.type}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to={manualAssignmentPath(carrier.carrierId)} variant="outlined">
          {CARRIER_TEXTS.manualAssignment}
        </Button>
      </Box>
      <CarrierCompliancePanel
        compliance={carrier.compliance}
        action={
          <Button variant="outlined" size="small" onClick={() => setRecordOpen(true)}>
            {RECORD_COMPLIANCE_TEXTS.button}
          </Button>
        }
      />
      <RecordComplianceDialog
        key={recordGeneration}
        open={recordOpen}
        carrierId={carrier.carrierId}
        onClose={handleRecordClose}
        onRecorded={handleRecordClose}
      />
      <Box sx={{ mb: 2 }}>
        <ScorecardPanel scorecard={carrier.scorecard} />
      </Box>
      <CarrierForm carrier={carrier} ownMove={ownMove} />
      <CarrierDrivers carrier={carrier} onVersionMoved={setOwnMove} />
      <CarrierDocumentsPanel carrierId={carrier.carrierId} operator />
      <HistoryPanel entityType="Carrier" entityId={carrier.id} />
    </>
  );
}
