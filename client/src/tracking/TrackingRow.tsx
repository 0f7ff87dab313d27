import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatEta } from "../../../common/tracking.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type {
  TrackingRow_route$data,
  TrackingRow_route$key,
} from "./__generated__/TrackingRow_route.graphql";
import { trackingPath } from "./tracking-criteria.ts";

const DASH = "—";

/** Spec section 2: Ruta, Carrier, Driver, Loads (chips), ETA. */
export const TRACKING_COLUMNS: readonly Column<TrackingRow_route$data>[] = [
  {
    id: "route",
    header: "Ruta",
    key: true,
    nowrap: true,
    cell: (route) => (
      <Link component={RouterLink} to={trackingPath(route.routeNumber)} sx={{ fontWeight: 600 }}>
        {route.routeNumber}
      </Link>
    ),
  },
  { id: "carrier", header: "Carrier", cell: (route) => route.carrierName ?? DASH },
  {
    id: "driver",
    header: "Driver",
    // A trip's driver (named at dispatch, driver app) is no user: their name, else the assigned user.
    cell: (route) => route.driverName ?? route.driverUserId ?? DASH,
  },
  {
    id: "loads",
    header: "Loads",
    cell: (route) => (
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
        {route.loads.length === 0
          ? DASH
          : route.loads.map((load) => <Chip key={load.loadId} size="small" label={load.loadId} />)}
      </Box>
    ),
  },
  {
    id: "eta",
    header: "ETA",
    nowrap: true,
    cell: (route) => <span data-testid="eta">{formatEta(route.etaMinutes) ?? DASH}</span>,
  },
];

interface TrackingRowProps {
  route: TrackingRow_route$key;
}

export function TrackingRow({ route }: TrackingRowProps) {
  const data = useFragment(
    graphql`
      fragment TrackingRow_route on TrackedRoute {
        routeNumber
        carrierName
        driverUserId
        driverName
        etaMinutes
        loads {
          loadId
        }
      }
    `,
    route,
  );
  return (
    <DataRow
      columns={TRACKING_COLUMNS}
      row={data}
      href={trackingPath(data.routeNumber)}
      data-testid={`tracking-row-${data.routeNumber}`}
    />
  );
}
