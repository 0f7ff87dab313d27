import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { LoadFinancials } from "../billing/LoadFinancials.tsx";
import { LoadDocumentsPanel } from "../documents/LoadDocumentsPanel.tsx";
import { ADMIN_HOME } from "../lib/paths.ts";
import { StartBiddingButton } from "../offers/StartBiddingButton.tsx";
import { TenderCard } from "../offers/TenderCard.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { LoadDetailPageQuery } from "./__generated__/LoadDetailPageQuery.graphql";
import { LoadForm } from "./LoadForm.tsx";
import { LoadStops } from "./LoadStops.tsx";
import { LoadTimeline } from "./LoadTimeline.tsx";

export const loadDetailPageQuery = graphql`
  query LoadDetailPageQuery($loadId: String!) {
    loadByLoadId(loadId: $loadId) {
      id
      loadId
      ...LoadForm_load
      ...LoadFinancials_load
      ...LoadTimeline_load
      ...LoadStops_load
    }
  }
`;

interface LoadDetailPageProps {
  loadId: string;
  queryRef: PreloadedQuery<LoadDetailPageQuery>;
}

export function LoadDetailPage({ loadId, queryRef }: LoadDetailPageProps) {
  const { loadByLoadId: load } = usePreloadedQuery<LoadDetailPageQuery>(loadDetailPageQuery, queryRef);
  return (
    <>
      <PageTitle>{`ILA / Load / ${loadId}`}</PageTitle>
      {load ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Load #{load.loadId}
          </Typography>
          <Box sx={{ mb: 2 }}>
            <StartBiddingButton loadId={load.loadId} />
          </Box>
          <TenderCard key={`${load.id}-tender`} loadId={load.loadId} operator />
          <LoadForm key={load.id} load={load} />
          <HistoryPanel entityType="Load" entityId={load.id} />
          <LoadStops load={load} />
          <LoadTimeline load={load} />
          <LoadFinancials key={`${load.id}-billing`} load={load} />
          <LoadDocumentsPanel key={`${load.id}-documents`} loadId={load.loadId} operator />
        </>
      ) : (
        <Alert severity="warning" role="alert">
          Load {loadId} was not found.{" "}
          <Link component={RouterLink} to={ADMIN_HOME}>
            Back to the load list
          </Link>
        </Alert>
      )}
    </>
  );
}
