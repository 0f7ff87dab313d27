import Chip from "@mui/material/Chip";
import { useCallback, useEffect, useRef, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import type { FetchPolicy } from "relay-runtime";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { LastUpdateText } from "../ui/list/LastUpdateText.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { usePagedList } from "../ui/list/usePagedList.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { TrackingTable_query$key } from "./__generated__/TrackingTable_query.graphql";
import type { TrackingTableRefetchQuery } from "./__generated__/TrackingTableRefetchQuery.graphql";
import { TRACKING_COLUMNS, TrackingRow } from "./TrackingRow.tsx";
import { TRACKING_LIST, type TrackingCriteria, variablesOf } from "./tracking-criteria.ts";
import { type LiveRoute, useTrackingUpdatedSubscription } from "./useTrackingUpdatedSubscription.ts";

/** A route that starts reporting while the list is open: one refetch for a burst of them. */
const NEW_ROUTE_REFRESH_MS = 2000;

interface TrackingTableProps {
  query: TrackingTable_query$key;
}

export function TrackingTable({ query }: TrackingTableProps) {
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
  const [lastUpdate, setLastUpdate] = useState(() => new Date());
  const { totalCount, pageCount, page, pageSize, edges } = data.trackedRoutes;
  const refetchWith = useCallback(
    (criteria: TrackingCriteria, fetchPolicy: FetchPolicy) => refetch(variablesOf(criteria), { fetchPolicy }),
    [refetch],
  );
  const list = usePagedList(TRACKING_LIST, { refetch: refetchWith, pageCount });
  const { reload } = list;

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
        reload();
      }, NEW_ROUTE_REFRESH_MS);
    },
    [reload],
  );
  useTrackingUpdatedSubscription(handleLive);

  return (
    <>
      <ListToolbar<never>
        label="Tracked routes"
        placeholder="Search route, carrier, driver or load…"
        {...list.search}
        before={
          <Chip
            label={`Tracking · ${totalCount}`}
            color="primary"
            variant="outlined"
            data-testid="search-label"
          />
        }
        after={<LastUpdateText at={lastUpdate} />}
      />
      <DataTable
        label="Tracked routes"
        columns={TRACKING_COLUMNS}
        empty={TRACKING_TEXTS.empty}
        rowCount={edges.length}
        loading={list.isPending}
        minWidth={640}
        paging={list.paging(
          { page, pageCount, pageSize, totalCount },
          { label: "Tracking pages", noun: "routes" },
        )}
      >
        {edges.map((edge) => (
          <TrackingRow key={edge.node.id} route={edge.node} />
        ))}
      </DataTable>
    </>
  );
}
