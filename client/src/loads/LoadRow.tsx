import Link from "@mui/material/Link";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { type LoadStage, STAGE_LABELS } from "../../../common/loads/stages.ts";
import { formatCents } from "../../../common/money.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { Column, RowSelection } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import { type CellChipColor, cellChipClass } from "../ui/table/row-styles.ts";
import type { LoadRow_load$data, LoadRow_load$key, LoadStatus } from "./__generated__/LoadRow_load.graphql";
import { type SortField, STATUS_LABELS } from "./list-criteria.ts";

const DASH = "—";

const STATUS_COLORS: Record<string, CellChipColor> = {
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
    <span
      className={cellChipClass(
        STATUS_COLORS[status] ?? "default",
        status === "pending" ? "outlined" : "filled",
      )}
    >
      <span className="MuiChip-label MuiChip-labelSmall">
        {STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}
      </span>
    </span>
  );
}

/** The planned margin: customer rate minus the winning bid, with its share of the customer rate. */
export function marginText(load: {
  readonly marginCents?: number | null;
  readonly marginPercent?: number | null;
}): string {
  if (load.marginCents === null || load.marginCents === undefined) return DASH;
  const percent =
    load.marginPercent === null || load.marginPercent === undefined
      ? ""
      : ` (${load.marginPercent.toFixed(1)}%)`;
  return `${formatCents(load.marginCents)}${percent}`;
}

/**
 * Spec section 2: the load list's columns, in order; every one but Actions sorts the list. Stage
 * and Margin (the lifecycle issue) come after the spec's columns, before Actions.
 */
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
  {
    id: "stage",
    header: "Stage",
    hideable: true,
    nowrap: true,
    cell: (load) => STAGE_LABELS[load.stage as LoadStage] ?? load.stage,
  },
  {
    id: "margin",
    header: "Margin",
    hiddenByDefault: true,
    nowrap: true,
    align: "right",
    cell: (load) => marginText(load),
  },
  { id: "actions", header: "Actions", hideable: true, cell: (load) => <TrackCell load={load} /> },
];

interface LoadRowProps {
  load: LoadRow_load$key;
  /** Bulk selection: whether it is selected and how to toggle it (with the row's data). */
  selected?: boolean;
  onToggle?(row: LoadRow_load$data): void;
}

export function LoadRow({ load, selected, onToggle }: LoadRowProps) {
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
        stage
        marginCents
        marginPercent
      }
    `,
    load,
  );
  const selection: RowSelection | undefined = onToggle
    ? { checked: Boolean(selected), onToggle: () => onToggle(data), label: `Select load ${data.loadId}` }
    : undefined;
  return <DataRow columns={LOAD_COLUMNS} row={data} href={loadPath(data.loadId)} selection={selection} />;
}
