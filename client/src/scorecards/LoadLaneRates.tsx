import Skeleton from "@mui/material/Skeleton";
import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import type { LoadLaneRatesQuery } from "./__generated__/LoadLaneRatesQuery.graphql";
import { LaneRatesSummary } from "./LaneRatesSummary.tsx";

interface LoadLaneRatesProps {
  loadId: string;
}

function LaneRatesOfLoad({ loadId }: LoadLaneRatesProps) {
  const data = useLazyLoadQuery<LoadLaneRatesQuery>(
    graphql`
      query LoadLaneRatesQuery($loadId: String!) {
        laneRatesForLoad(loadId: $loadId) {
          count
          medianPerMile
          p25PerMile
          p75PerMile
        }
      }
    `,
    { loadId },
    { fetchPolicy: "store-and-network" },
  );
  return (
    <LaneRatesSummary
      rates={data.laneRatesForLoad}
      unknownText="The load's pickup or delivery state is not known."
    />
  );
}

/** The lane rates of a load about to go out for bids (the Start bidding dialog). */
export function LoadLaneRates({ loadId }: LoadLaneRatesProps) {
  return (
    <ErrorBoundary message="The lane's rates could not be read.">
      <Suspense fallback={<Skeleton variant="text" width={240} aria-label="Loading lane rates" />}>
        <LaneRatesOfLoad loadId={loadId} />
      </Suspense>
    </ErrorBoundary>
  );
}
