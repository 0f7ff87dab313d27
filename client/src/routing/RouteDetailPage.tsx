import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { PageTitle } from "../ui/PageTitle.tsx";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { RouteDetailPageQuery } from "./__generated__/RouteDetailPageQuery.graphql";
import { RouteForm } from "./RouteForm.tsx";
import { useRouteChangedSubscription } from "./useRouteChangedSubscription.ts";

export const routeDetailPageQuery = graphql`
  query RouteDetailPageQuery($routeNumber: String!) {
    routeByNumber(routeNumber: $routeNumber) {
      id
      routeNumber
      ...RouteForm_route
    }
  }
`;

interface RouteDetailPageProps {
  routeNumber: string;
  queryRef: PreloadedQuery<RouteDetailPageQuery>;
}

export function RouteDetailPage({ routeNumber, queryRef }: RouteDetailPageProps) {
  const { routeByNumber: route } = usePreloadedQuery<RouteDetailPageQuery>(routeDetailPageQuery, queryRef);
  useRouteChangedSubscription();
  // Reloading after a refused save starts the form again from the route as it is now.
  const [reloads, setReloads] = useState(0);
  return (
    <>
      <PageTitle>{`ILA / Routing / ${routeNumber}`}</PageTitle>
      {route ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            route #{route.routeNumber}
          </Typography>
          <RouteForm
            key={`${route.id}:${reloads}`}
            route={route}
            onReloaded={() => setReloads((count) => count + 1)}
          />
          <HistoryPanel entityType="Route" entityId={route.id} />
        </>
      ) : (
        <Alert severity="warning" role="alert">
          Route {routeNumber} was not found.{" "}
          <Link component={RouterLink} to="/admin/ila/routing">
            Back to the routes
          </Link>
        </Alert>
      )}
    </>
  );
}
