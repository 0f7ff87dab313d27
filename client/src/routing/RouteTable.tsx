import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import { useCallback, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import type { FetchPolicy } from "relay-runtime";
import { NO_ROUTES } from "../../../common/routing.ts";
import { FilterButton } from "../ui/list/FilterButton.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { usePagedList } from "../ui/list/usePagedList.ts";
import { Toast } from "../ui/Toast.tsx";
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
  type RouteCriteria,
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
          totalCount
          pageCount
          page
          pageSize
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
  const { totalCount, pageCount, page, pageSize, edges } = data.routes;
  const refetchWith = useCallback(
    (criteria: RouteCriteria, fetchPolicy: FetchPolicy) => refetch(routeVariables(criteria), { fetchPolicy }),
    [refetch],
  );
  const list = usePagedList(ROUTE_LIST, { refetch: refetchWith, pageCount });
  const { criteria, change } = list;
  const [filterOpen, setFilterOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useRouteChangedSubscription();

  return (
    <>
      <ListToolbar<RouteSortField>
        label="Routes"
        searchLabel="Search routes"
        placeholder="Search routes…"
        {...list.search}
        filter={
          <FilterButton active={activeFilterCount(criteria.filter)} onClick={() => setFilterOpen(true)} />
        }
        sort={list.sortMenu(ROUTE_SORT_FIELDS, "Default order")}
      >
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon />}
          onClick={() => setCreateOpen(true)}
        >
          Create Route
        </Button>
      </ListToolbar>
      <DataTable
        label="Routes"
        columns={ROUTE_COLUMNS}
        empty={NO_ROUTES}
        rowCount={edges.length}
        {...list.table}
        minWidth={900}
        paging={list.paging(
          { page, pageCount, pageSize, totalCount },
          { label: "Routes pages", noun: "routes", countTestId: "routes-count" },
        )}
      >
        {edges.map((edge) => (
          <RouteRow key={edge.node.id} route={edge.node} />
        ))}
      </DataTable>
      <RouteFilterDialog
        open={filterOpen}
        filters={criteria.filter}
        onClose={() => setFilterOpen(false)}
        onApply={(filter) => {
          setFilterOpen(false);
          change({ filter });
        }}
      />
      <CreateRouteDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(message) => {
          setCreateOpen(false);
          setNotice(message);
          list.reload();
        }}
      />
      <Toast
        message={notice ? { severity: "success", text: notice } : null}
        onClose={() => setNotice(null)}
      />
    </>
  );
}
