import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { TRACKING_TEXTS } from "../../../common/tracking.ts";
import { LastUpdateText } from "../ui/list/LastUpdateText.tsx";
import { ListCountChip } from "../ui/list/ListCountChip.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useLiveRows } from "../ui/list/useLiveRows.ts";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { TrackingTable_query$key } from "./__generated__/TrackingTable_query.graphql";
import type { TrackingTableRefetchQuery } from "./__generated__/TrackingTableRefetchQuery.graphql";
import { TRACKING_COLUMNS, TrackingRow } from "./TrackingRow.tsx";
import { TRACKING_LIST, variablesOf } from "./tracking-criteria.ts";
import { useTrackingUpdatedSubscription } from "./useTrackingUpdatedSubscription.ts";

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
          ...usePagedList_page
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
  const list = useRefetchList(TRACKING_LIST, {
    refetch,
    variablesOf,
    answer: data.trackedRoutes,
  });
  const reloadUnlessShown = useLiveRows(data.trackedRoutes.edges, list.reload, NEW_ROUTE_REFRESH_MS);
  useTrackingUpdatedSubscription((route) => {
    setLastUpdate(new Date());
    reloadUnlessShown(route.id);
  });

  return (
    <>
      <ListToolbar<never>
        label="Tracked routes"
        placeholder="Search route, carrier, driver or load…"
        {...list.search}
        before={<ListCountChip label="Tracking" answer={data.trackedRoutes} />}
        after={<LastUpdateText at={lastUpdate} />}
      />
      <DataTable
        label="Tracked routes"
        columns={TRACKING_COLUMNS}
        empty={TRACKING_TEXTS.empty}
        minWidth={640}
        {...list.tableOf(data.trackedRoutes, { label: "Tracking pages", noun: "routes" })}
      >
        {data.trackedRoutes.edges.map((edge) => (
          <TrackingRow key={edge.node.id} route={edge.node} />
        ))}
      </DataTable>
    </>
  );
}
