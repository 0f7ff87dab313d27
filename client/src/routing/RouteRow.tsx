import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import type { RouteRow_route$key } from "./__generated__/RouteRow_route.graphql";
import { routePath } from "./routing-criteria.ts";

const DASH = "—";

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
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <Link component={RouterLink} to={routePath(data.routeNumber)} sx={{ fontWeight: 600 }}>
          {data.routeNumber}
        </Link>
      </TableCell>
      <TableCell>{data.carrierName ?? DASH}</TableCell>
      <TableCell>{data.loadCount}</TableCell>
      <TableCell>{data.stopCount}</TableCell>
      <TableCell>{data.pickupNassCode ?? DASH}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(data.pickupDate) ?? DASH}</TableCell>
      <TableCell>{data.deliveryNassCode ?? DASH}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(data.deliveryDate) ?? DASH}</TableCell>
    </TableRow>
  );
}
