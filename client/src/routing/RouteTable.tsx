import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useCallback, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import type { FetchPolicy } from "relay-runtime";
import { NO_ROUTES } from "../../../common/routing.ts";
import type { RouteTable_query$key } from "./__generated__/RouteTable_query.graphql";
import type { RouteTableRefetchQuery } from "./__generated__/RouteTableRefetchQuery.graphql";
import { CreateRouteDialog } from "./CreateRouteDialog.tsx";
import { ListFrame } from "./ListFrame.tsx";
import { RouteFilterDialog } from "./RouteFilterDialog.tsx";
import { RouteRow } from "./RouteRow.tsx";
import { RoutingToolbar } from "./RoutingToolbar.tsx";
import {
  activeFilterCount,
  ROUTE_SORT_FIELDS,
  type RouteCriteria,
  type RouteSortField,
  routeVariables,
} from "./routing-criteria.ts";
import { SortMenu } from "./SortMenu.tsx";
import { useListState } from "./useListState.ts";
import { useRouteChangedSubscription } from "./useRouteChangedSubscription.ts";

const COLUMNS: [string, RouteSortField | null][] = [
  ["Route", "ROUTE_NUMBER"],
  ["Carrier", "CARRIER"],
  ["Assigned Loads", "LOAD_COUNT"],
  ["Stops", "STOP_COUNT"],
  ["Pickup", null],
  ["Pickup Date", "PICKUP_DATE"],
  ["Delivery", null],
  ["Delivery Date", "DELIVERY_DATE"],
];

interface RouteTableProps {
  query: RouteTable_query$key;
  initialCriteria: RouteCriteria;
}

/** The Routes view: 50 routes a page from the server, with search, filter, sort and 'Create Route'. */
export function RouteTable({ query, initialCriteria }: RouteTableProps) {
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
  const list = useListState("routes", initialCriteria, refetchWith, pageCount);
  const { criteria, show } = list;
  const [filterOpen, setFilterOpen] = useState(false);
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useRouteChangedSubscription();

  return (
    <>
      <RoutingToolbar
        label="Routes"
        placeholder="Search routes…"
        searchText={list.searchText}
        activeFilters={activeFilterCount(criteria.filters)}
        sorted={criteria.sort !== null}
        onSearchText={list.setSearchText}
        onSearchNow={() => show({ ...criteria, search: list.searchText, page: 1 })}
        onOpenFilter={() => setFilterOpen(true)}
        onOpenSort={setSortAnchor}
      >
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon />}
          onClick={() => setCreateOpen(true)}
        >
          Create Route
        </Button>
      </RoutingToolbar>
      <ListFrame
        label="Routes"
        columns={COLUMNS}
        sort={criteria.sort}
        direction={criteria.direction}
        empty={NO_ROUTES}
        rowCount={edges.length}
        page={page}
        pageCount={pageCount}
        pageSize={pageSize}
        totalCount={totalCount}
        isPending={list.isPending}
        minWidth={900}
        onSortColumn={(field) =>
          show({
            ...criteria,
            sort: field,
            direction: criteria.sort === field && criteria.direction === "ASC" ? "DESC" : "ASC",
            page: 1,
          })
        }
        onPage={(next) => show({ ...criteria, page: next })}
      >
        {edges.map((edge) => (
          <RouteRow key={edge.node.id} route={edge.node} />
        ))}
      </ListFrame>
      <RouteFilterDialog
        open={filterOpen}
        filters={criteria.filters}
        onClose={() => setFilterOpen(false)}
        onApply={(filters) => {
          setFilterOpen(false);
          show({ ...criteria, filters, page: 1 });
        }}
      />
      <SortMenu
        anchor={sortAnchor}
        fields={ROUTE_SORT_FIELDS}
        sort={criteria.sort}
        direction={criteria.direction}
        onClose={() => setSortAnchor(null)}
        onSort={(sort, direction) => {
          setSortAnchor(null);
          show({ ...criteria, sort, direction, page: 1 });
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
      <Snackbar
        open={notice !== null}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}
