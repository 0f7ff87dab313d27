import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { FetchPolicy } from "relay-runtime";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { rangeLabel } from "../lib/pagination.ts";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import { SearchBar } from "../ui/SearchBar.tsx";
import type { TrackingTable_query$key } from "./__generated__/TrackingTable_query.graphql";
import type { TrackingTableRefetchQuery } from "./__generated__/TrackingTableRefetchQuery.graphql";
import { TrackingRow } from "./TrackingRow.tsx";
import { paramsOf, type TrackingCriteria, variablesOf } from "./tracking-criteria.ts";
import { type LiveRoute, useTrackingUpdatedSubscription } from "./useTrackingUpdatedSubscription.ts";

const COLUMNS = ["Ruta", "Carrier", "Driver", "Loads", "ETA"];
/** A route that starts reporting while the list is open: one refetch for a burst of them. */
const NEW_ROUTE_REFRESH_MS = 2000;

interface TrackingTableProps {
  query: TrackingTable_query$key;
  initialCriteria: TrackingCriteria;
}

export function TrackingTable({ query, initialCriteria }: TrackingTableProps) {
  const [data, refetch] = useRefetchableFragment<TrackingTableRefetchQuery, TrackingTable_query$key>(
    graphql`
      fragment TrackingTable_query on Query
      @refetchable(queryName: "TrackingTableRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        trackedRoutes(search: $search, page: $page, pageSize: $pageSize) {
          totalCount
          pageCount
          page
          pageSize
          edges {
            node {
              id
              ...TrackingRow_route
            }
          }
        }
      }
    `,
    query,
  );
  const [, setSearchParams] = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const [criteria, setCriteria] = useState(initialCriteria);
  const [lastUpdate, setLastUpdate] = useState(() => new Date());
  const criteriaRef = useRef(criteria);
  criteriaRef.current = criteria;

  const show = useCallback(
    (next: TrackingCriteria, fetchPolicy: FetchPolicy = "store-or-network") => {
      setCriteria(next);
      setSearchParams(paramsOf(next), { replace: true });
      startTransition(() => {
        refetch(variablesOf(next), { fetchPolicy });
      });
    },
    [refetch, setSearchParams],
  );

  const { totalCount, pageCount, page: shownPage, pageSize, edges } = data.trackedRoutes;
  useEffect(() => {
    if (criteriaRef.current.page > 1 && criteriaRef.current.page > pageCount) {
      show({ ...criteriaRef.current, page: 1 }, "network-only");
    }
  }, [pageCount, show]);

  const shownIds = useRef(new Set<string>());
  useEffect(() => {
    shownIds.current = new Set(edges.map((edge) => edge.node.id));
  }, [edges]);
  const refreshTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);
  const handleLive = useCallback(
    (route: LiveRoute) => {
      setLastUpdate(new Date());
      if (shownIds.current.has(route.id) || refreshTimer.current !== undefined) return;
      refreshTimer.current = window.setTimeout(() => {
        refreshTimer.current = undefined;
        show(criteriaRef.current, "network-only");
      }, NEW_ROUTE_REFRESH_MS);
    },
    [show],
  );
  useTrackingUpdatedSubscription(handleLive);

  const handleSearch = useCallback(
    (search: string) => show({ ...criteriaRef.current, search, page: 1 }, "store-and-network"),
    [show],
  );

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <SearchBar
          label={`Tracking · ${totalCount}`}
          lastUpdate={lastUpdate}
          placeholder="Search route, carrier, driver or load…"
          onSearch={handleSearch}
        />
      </Box>
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        <Box sx={{ height: 4 }}>{isPending ? <LinearProgress aria-label="Loading routes" /> : null}</Box>
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Tracked routes" aria-busy={isPending} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((label) => (
                  <TableCell key={label} sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {edges.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ py: 6, textAlign: "center" }}>
                    <Typography color="text.secondary">{TRACKING_TEXTS.empty}</Typography>
                  </TableCell>
                </TableRow>
              ) : (
                edges.map((edge) => <TrackingRow key={edge.node.id} route={edge.node} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            flexWrap: "wrap",
            gap: 1,
            px: 2,
            py: 1,
            borderTop: 1,
            borderColor: "divider",
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {rangeLabel(shownPage, totalCount, pageSize)} routes
          </Typography>
          <PageNumbers
            label="Tracking pages"
            page={shownPage}
            pageCount={pageCount}
            disabled={isPending}
            onPage={(page) => show({ ...criteria, page })}
          />
        </Box>
      </Paper>
    </>
  );
}
