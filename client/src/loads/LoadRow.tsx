import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { LoadRow_load$data, LoadRow_load$key, LoadStatus } from "./__generated__/LoadRow_load.graphql";
import { type SortField, STATUS_LABELS } from "./list-criteria.ts";

const DASH = "—";

const STATUS_COLORS: Record<string, "default" | "info" | "success" | "error"> = {
  pending: "default",
  in_transit: "info",
  delivered: "success",
  cancelled: "error",
};

export function loadPath(loadId: string): string {
  return `/admin/ila/load/${encodeURIComponent(loadId)}`;
}

export function routingPath(routeNumber: string): string {
  return `/admin/ila/routing/${encodeURIComponent(routeNumber)}`;
}

export function trackingPath(routeNumber: string): string {
  return `/admin/ila/tracking/${encodeURIComponent(routeNumber)}`;
}

function TrackCell({ load }: { load: LoadRow_load$data }) {
  if (load.trackedRouteNumber) {
    return (
      <Link
        component={RouterLink}
        to={trackingPath(load.trackedRouteNumber)}
        aria-label={`Track load ${load.loadId}`}
      >
        Track
      </Link>
    );
  }
  if (load.trackingLink) {
    return (
      <Link
        href={load.trackingLink}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Track load ${load.loadId} (opens a new tab)`}
      >
        Track
      </Link>
    );
  }
  return DASH;
}

function StatusChip({ status }: { status: LoadStatus }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}
      color={STATUS_COLORS[status] ?? "default"}
      variant={status === "pending" ? "outlined" : "filled"}
    />
  );
}

/** Spec section 2: the load list's columns, in order; every one but Actions sorts the list. */
export const LOAD_COLUMNS: readonly Column<LoadRow_load$data, SortField>[] = [
  {
    id: "loadId",
    header: "Load ID",
    sortField: "LOAD_ID",
    key: true,
    nowrap: true,
    cell: (load) => (
      <Link component={RouterLink} to={loadPath(load.loadId)} sx={{ fontWeight: 600 }}>
        {load.loadId}
      </Link>
    ),
  },
  {
    id: "route",
    header: "Route",
    sortField: "ROUTE",
    hideable: true,
    nowrap: true,
    cell: (load) =>
      load.routeNumber ? (
        <Link component={RouterLink} to={routingPath(load.routeNumber)}>
          {load.routeNumber}
        </Link>
      ) : (
        DASH
      ),
  },
  {
    id: "customer",
    header: "Customers",
    sortField: "CUSTOMER",
    hideable: true,
    cell: (load) => load.customer ?? DASH,
  },
  {
    id: "carrier",
    header: "Carrier",
    sortField: "CARRIER",
    hideable: true,
    cell: (load) => load.carrierName ?? DASH,
  },
  {
    id: "status",
    header: "Status",
    sortField: "STATUS",
    hideable: true,
    cell: (load) => <StatusChip status={load.status as LoadStatus} />,
  },
  {
    id: "pickupDate",
    header: "Pickup Date",
    sortField: "PICKUP_DATE",
    hideable: true,
    nowrap: true,
    cell: (load) => formatDateTime(load.pickupDate) ?? DASH,
  },
  {
    id: "deliveryDate",
    header: "Delivery Date",
    sortField: "DELIVERY_DATE",
    hideable: true,
    nowrap: true,
    cell: (load) => formatDateTime(load.deliveryDate) ?? DASH,
  },
  { id: "actions", header: "Actions", hideable: true, cell: (load) => <TrackCell load={load} /> },
];

interface LoadRowProps {
  load: LoadRow_load$key;
}

export function LoadRow({ load }: LoadRowProps) {
  const data = useFragment(
    graphql`
      fragment LoadRow_load on Load {
        loadId
        routeNumber
        customer
        carrierName
        status
        pickupDate
        deliveryDate
        trackingLink
        trackedRouteNumber
      }
    `,
    load,
  );
  return <DataRow columns={LOAD_COLUMNS} row={data} href={loadPath(data.loadId)} />;
}
