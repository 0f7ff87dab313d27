import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { CarrierRow_carrier$key } from "./__generated__/CarrierRow_carrier.graphql";
import { CARRIER_TEXTS, carrierDetailPath, displayPhone, manualAssignmentPath } from "./carrier-rules.ts";

interface CarrierRowProps {
  carrier: CarrierRow_carrier$key;
}

export function CarrierRow({ carrier }: CarrierRowProps) {
  const data = useFragment(
    graphql`
      fragment CarrierRow_carrier on Carrier {
        carrierId
        carrierName
        dotNumber
        mcNumber
        type
        contact {
          name
          phone
        }
      }
    `,
    carrier,
  );
  return (
    <TableRow hover data-testid="carrier-row">
      <TableCell>
        <Link component={RouterLink} to={carrierDetailPath(data.carrierId)} sx={{ fontWeight: 600 }}>
          {data.carrierName}
        </Link>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {data.carrierId}
        </Typography>
      </TableCell>
      <TableCell>{data.dotNumber}</TableCell>
      <TableCell>{data.mcNumber}</TableCell>
      <TableCell>{data.type}</TableCell>
      <TableCell>
        <span style={{ whiteSpace: "nowrap" }}>{displayPhone(data.contact.phone)}</span>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {data.contact.name}
        </Typography>
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={manualAssignmentPath(data.carrierId)} sx={{ whiteSpace: "nowrap" }}>
          {CARRIER_TEXTS.manualAssignment}
        </Link>
      </TableCell>
    </TableRow>
  );
}
