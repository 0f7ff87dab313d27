import Link from "@mui/material/Link";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { RouteRow_route$data, RouteRow_route$key } from "./__generated__/RouteRow_route.graphql";
import { type RouteSortField, routePath } from "./routing-criteria.ts";

const DASH = "—";

/** Spec section 2: the Routes table's columns, in order. */
export const ROUTE_COLUMNS: readonly Column<RouteRow_route$data, RouteSortField>[] = [
  {
    id: "route",
    header: "Route",
    sortField: "ROUTE_NUMBER",
    key: true,
    nowrap: true,
    cell: (route) => (
      <Link component={RouterLink} to={routePath(route.routeNumber)} sx={{ fontWeight: 600 }}>
        {route.routeNumber}
      </Link>
    ),
  },
  { id: "carrier", header: "Carrier", sortField: "CARRIER", cell: (route) => route.carrierName ?? DASH },
  { id: "loads", header: "Assigned Loads", sortField: "LOAD_COUNT", cell: (route) => route.loadCount },
  { id: "stops", header: "Stops", sortField: "STOP_COUNT", cell: (route) => route.stopCount },
  { id: "pickup", header: "Pickup", cell: (route) => route.pickupNassCode ?? DASH },
  {
    id: "pickupDate",
    header: "Pickup Date",
    sortField: "PICKUP_DATE",
    nowrap: true,
    cell: (route) => formatDateTime(route.pickupDate) ?? DASH,
  },
  { id: "delivery", header: "Delivery", cell: (route) => route.deliveryNassCode ?? DASH },
  {
    id: "deliveryDate",
    header: "Delivery Date",
    sortField: "DELIVERY_DATE",
    nowrap: true,
    cell: (route) => formatDateTime(route.deliveryDate) ?? DASH,
  },
];

interface RouteRowProps {
  route: RouteRow_route$key;
}

export function RouteRow({ route }: RouteRowProps) {
  const data = useFragment(
    graphql`
      fragment RouteRow_route on Route {
        routeNumber
        carrierName
        loadCount
        stopCount
        pickupNassCode
        pickupDate
        deliveryNassCode
        deliveryDate
      }
    `,
    route,
  );
  return <DataRow columns={ROUTE_COLUMNS} row={data} href={routePath(data.routeNumber)} />;
}
