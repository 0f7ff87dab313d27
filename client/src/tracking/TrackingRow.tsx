import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatEta } from "../../../common/tracking.ts";
import type { TrackingRow_route$key } from "./__generated__/TrackingRow_route.graphql";
import { trackingPath } from "./tracking-criteria.ts";

const DASH = "—";

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
        etaMinutes
        loads {
          loadId
        }
      }
    `,
    route,
  );
  return (
    <TableRow hover data-testid={`tracking-row-${data.routeNumber}`}>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Link component={RouterLink} to={trackingPath(data.routeNumber)} sx={{ fontWeight: 600 }}>
          {data.routeNumber}
        </Link>
      </TableCell>
      <TableCell>{data.carrierName ?? DASH}</TableCell>
      <TableCell>{data.driverUserId ?? DASH}</TableCell>
      <TableCell>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
          {data.loads.length === 0
            ? DASH
            : data.loads.map((load) => <Chip key={load.loadId} size="small" label={load.loadId} />)}
        </Box>
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }} data-testid="eta">
        {formatEta(data.etaMinutes) ?? DASH}
      </TableCell>
    </TableRow>
  );
}
