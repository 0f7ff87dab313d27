import AddIcon from "@mui/icons-material/Add";
import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { NO_ROUTES } from "../../../common/routing.ts";
import { FilterDialogButton } from "../ui/list/FilterDialogButton.tsx";
import { ListAction } from "../ui/list/ListAction.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import { useToast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { RouteTable_query$key } from "./__generated__/RouteTable_query.graphql";
import type { RouteTableRefetchQuery } from "./__generated__/RouteTableRefetchQuery.graphql";
import { CreateRouteDialog } from "./CreateRouteDialog.tsx";
import { RouteFilterDialog } from "./RouteFilterDialog.tsx";
import { ROUTE_COLUMNS, RouteRow } from "./RouteRow.tsx";
import {
  activeFilterCount,
  ROUTE_LIST,
  ROUTE_SORT_FIELDS,
  type RouteSortField,
  routeVariables,
} from "./routing-criteria.ts";
import { useRouteChangedSubscription } from "./useRouteChangedSubscription.ts";

interface RouteTableProps {
  query: RouteTable_query$key;
}

/** The Routes view: 50 routes a page from the server, with search, filter, sort and 'Create Route'. */
export function RouteTable({ query }: RouteTableProps) {
  const [data, refetch] = useRefetchableFragment<RouteTableRefetchQuery, RouteTable_query$key>(
    graphql`
      fragment RouteTable_query on Query
      @refetchable(queryName: "RouteTableRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        filter: { type: "RouteFilter" }
        orderBy: { type: "RouteOrder" }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        routes(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
          ...usePagedList_page
          edges {
            node {
              id
              ...RouteRow_route
            }
          }
        }
      }
    `,
    query,
  );
  const list = useRefetchList(ROUTE_LIST, {
    refetch,
    variablesOf: routeVariables,
    answer: data.routes,
  });
  const [createOpen, setCreateOpen] = useState(false);
  const { notify, toast } = useToast();
  useRouteChangedSubscription();

  return (
    <>
      <ListToolbar<RouteSortField>
        label="Routes"
        searchLabel="Search routes"
        placeholder="Search routes…"
        {...list.search}
        filter={
          <FilterDialogButton list={list} countActive={activeFilterCount}>
            {(dialog) => <RouteFilterDialog {...dialog} />}
          </FilterDialogButton>
        }
        sort={list.sortMenu(ROUTE_SORT_FIELDS, "Default order")}
      >
        <ListAction icon={<AddIcon />} onClick={() => setCreateOpen(true)}>
          Create Route
        </ListAction>
      </ListToolbar>
      <DataTable
        label="Routes"
        columns={ROUTE_COLUMNS}
        empty={NO_ROUTES}
        minWidth={900}
        {...list.tableOf(data.routes, { label: "Routes pages", noun: "routes", countTestId: "routes-count" })}
      >
        {data.routes.edges.map((edge) => (
          <RouteRow key={edge.node.id} route={edge.node} />
        ))}
      </DataTable>
      <CreateRouteDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(message) => {
          setCreateOpen(false);
          notify(message);
          list.reload();
        }}
      />
      {toast}
    </>
  );
}
