import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { Suspense, useEffect, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useParams } from "react-router-dom";
import { formatEta, TRACKING_TEXTS } from "../../../common/tracking.ts";
import { withRelay } from "../app/withRelay.tsx";
import { formatDateTime } from "../lib/dates.ts";
import { BrandMark } from "../ui/BrandMark.tsx";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";
import type { ShipmentTrackingRouteQuery } from "./__generated__/ShipmentTrackingRouteQuery.graphql";

/** The shipper's page has no live connection (anonymous): it refreshes itself this often. */
const REFRESH_MS = 60_000;

const STATUS_TEXT: Record<string, string> = {
  pending: "Awaiting pickup",
  in_transit: "In transit",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

function Shipment({ token, fetchKey }: { token: string; fetchKey: number }) {
  const data = useLazyLoadQuery<ShipmentTrackingRouteQuery>(
    graphql`
      query ShipmentTrackingRouteQuery($token: String!) {
        shipmentTracking(token: $token) {
          loadId
          status
          etaMinutes
          lastPositionAt
          lastKnownCity
          stops {
            sequence
            type
            city
            state
            arrivedAt
            departedAt
          }
        }
      }
    `,
    { token },
    { fetchKey, fetchPolicy: fetchKey === 0 ? "store-or-network" : "network-only" },
  );
  const shipment = data.shipmentTracking;
  if (!shipment) {
    return (
      <Typography role="alert" sx={{ py: 6, textAlign: "center" }}>
        {TRACKING_TEXTS.linkNotFound}
      </Typography>
    );
  }
  const stops = [...shipment.stops].sort((a, b) => a.sequence - b.sequence);
  const reached = stops.filter((stop) => stop.arrivedAt).length;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Load {shipment.loadId}
        </Typography>
        <Chip
          label={STATUS_TEXT[shipment.status] ?? shipment.status}
          color="primary"
          data-testid="shipment-status"
        />
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 4, mb: 3 }}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Estimated arrival
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="shipment-eta">
            {formatEta(shipment.etaMinutes) ?? "—"}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Last known location
          </Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="shipment-city">
            {shipment.lastKnownCity ?? "—"}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Last update
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatDateTime(shipment.lastPositionAt) ?? "—"}</Typography>
        </Box>
      </Box>
      <Stepper activeStep={reached} orientation="vertical" aria-label="Stop progress">
        {stops.map((stop) => (
          <Step
            key={stop.sequence}
            completed={Boolean(stop.departedAt) || (Boolean(stop.arrivedAt) && stop.type === "delivery")}
          >
            <StepLabel
              optional={
                <Typography variant="caption" color="text.secondary">
                  {stop.arrivedAt ? `Arrived ${formatDateTime(stop.arrivedAt)}` : "Not reached yet"}
                  {stop.departedAt ? ` · Left ${formatDateTime(stop.departedAt)}` : ""}
                </Typography>
              }
            >
              {stop.type === "pickup" ? "Pickup" : stop.type === "delivery" ? "Delivery" : "Stop"}
              {stop.city ? ` · ${[stop.city, stop.state].filter(Boolean).join(", ")}` : ""}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}

/** /track/{token}: where a shipper follows a load, signed in or not. */
function ShipmentTrackingRoute() {
  useDocumentTitle("Shipment tracking");
  const { token = "" } = useParams();
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setFetchKey((key) => key + 1), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "background.default", py: 3 }}>
      <Container maxWidth="sm">
        <Box sx={{ mb: 2 }}>
          <BrandMark />
        </Box>
        <ErrorBoundary message={TRACKING_TEXTS.linkNotFound} onRetry={() => setFetchKey((key) => key + 1)}>
          <Suspense fallback={<Loading label={TRACKING_TEXTS.loading} />}>
            <Shipment token={token} fetchKey={fetchKey} />
          </Suspense>
        </ErrorBoundary>
      </Container>
    </Box>
  );
}

export default withRelay(ShipmentTrackingRoute);
