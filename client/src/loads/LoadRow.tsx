import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import type { LoadRow_load$key, LoadStatus } from "./__generated__/LoadRow_load.graphql";
import { STATUS_LABELS } from "./list-criteria.ts";

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
  const status = data.status as LoadStatus;
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Link component={RouterLink} to={loadPath(data.loadId)} sx={{ fontWeight: 600 }}>
          {data.loadId}
        </Link>
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        {data.routeNumber ? (
          <Link component={RouterLink} to={routingPath(data.routeNumber)}>
            {data.routeNumber}
          </Link>
        ) : (
          DASH
        )}
      </TableCell>
      <TableCell>{data.customer ?? DASH}</TableCell>
      <TableCell>{data.carrierName ?? DASH}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}
          color={STATUS_COLORS[status] ?? "default"}
          variant={status === "pending" ? "outlined" : "filled"}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(data.pickupDate) ?? DASH}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(data.deliveryDate) ?? DASH}</TableCell>
      <TableCell>
        {data.trackedRouteNumber ? (
          <Link
            component={RouterLink}
            to={trackingPath(data.trackedRouteNumber)}
            aria-label={`Track load ${data.loadId}`}
          >
            Track
          </Link>
        ) : data.trackingLink ? (
          <Link
            href={data.trackingLink}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Track load ${data.loadId} (opens a new tab)`}
          >
            Track
          </Link>
        ) : (
          DASH
        )}
      </TableCell>
    </TableRow>
  );
}
