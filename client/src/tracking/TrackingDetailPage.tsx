import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import type { TrackingDetailPageQuery } from "./__generated__/TrackingDetailPageQuery.graphql";
import { RouteMap } from "./RouteMap.tsx";
import { RouteSummary } from "./RouteSummary.tsx";
import { StopTimesTable } from "./StopTimesTable.tsx";
import { useTrackedRouteUpdatedSubscription } from "./useTrackedRouteUpdatedSubscription.ts";

export const trackingDetailPageQuery = graphql`
  query TrackingDetailPageQuery($routeNumber: String!) {
    trackedRoute(routeNumber: $routeNumber) {
      id
      ...RouteMap_route
      ...RouteSummary_route
      ...StopTimesTable_route
    }
    mapSettings {
      tileUrl
      attribution
    }
  }
`;

function LiveUpdates({ routeNumber }: { routeNumber: string }) {
  useTrackedRouteUpdatedSubscription(routeNumber);
  return null;
}

interface TrackingDetailPageProps {
  routeNumber: string;
  queryRef: PreloadedQuery<TrackingDetailPageQuery>;
}

export function TrackingDetailPage({ routeNumber, queryRef }: TrackingDetailPageProps) {
  const data = usePreloadedQuery<TrackingDetailPageQuery>(trackingDetailPageQuery, queryRef);
  return (
    <>
      <PageTitle>{`ILA / Tracking / ${routeNumber}`}</PageTitle>
      {data.trackedRoute ? (
        <>
          <LiveUpdates routeNumber={routeNumber} />
          <RouteSummary route={data.trackedRoute} />
          <Box sx={{ mb: 2 }}>
            <RouteMap route={data.trackedRoute} tiles={data.mapSettings} />
          </Box>
          <StopTimesTable route={data.trackedRoute} />
        </>
      ) : (
        <Alert
          severity="info"
          action={
            <Link component={RouterLink} to="/admin/ila/tracking">
              Back
            </Link>
          }
        >
          {TRACKING_TEXTS.empty}
        </Alert>
      )}
    </>
  );
}
