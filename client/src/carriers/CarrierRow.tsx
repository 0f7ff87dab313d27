import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatPhone } from "../../../common/fields.ts";
import { ComplianceChip } from "../compliance/ComplianceChip.tsx";
import { TierChip } from "../scorecards/TierChip.tsx";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type {
  CarrierRow_carrier$data,
  CarrierRow_carrier$key,
} from "./__generated__/CarrierRow_carrier.graphql";
import type { CarrierSortField } from "./carrier-list-view.ts";
import { CARRIER_TEXTS, carrierDetailPath, manualAssignmentPath } from "./carrier-rules.ts";

/** Spec section 2: the columns, in order, then Tier (issue #29); each but Action and Tier sorts the list. */
export const CARRIER_COLUMNS: readonly Column<CarrierRow_carrier$data, CarrierSortField>[] = [
  {
    id: "carrierName",
    header: "Carrier Name",
    sortField: "CARRIER_NAME",
    key: true,
    cell: (carrier) => (
      <>
        <Link component={RouterLink} to={carrierDetailPath(carrier.carrierId)} sx={{ fontWeight: 600 }}>
          {carrier.carrierName}
        </Link>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {carrier.carrierId}
        </Typography>
      </>
    ),
  },
  {
    id: "dotNumber",
    header: "DOT #",
    sortField: "DOT_NUMBER",
    hideable: true,
    cell: (carrier) => carrier.dotNumber,
  },
  {
    id: "mcNumber",
    header: "MC #",
    sortField: "MC_NUMBER",
    hideable: true,
    cell: (carrier) => carrier.mcNumber,
  },
  { id: "type", header: "Type", sortField: "TYPE", hideable: true, cell: (carrier) => carrier.type },
  {
    id: "contact",
    header: "Contact",
    sortField: "CONTACT_PHONE",
    hideable: true,
    cell: (carrier) => (
      <>
        <span style={{ whiteSpace: "nowrap" }}>{formatPhone(carrier.contact.phone)}</span>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {carrier.contact.name}
        </Typography>
      </>
    ),
  },
  {
    id: "action",
    header: "Action",
    hideable: true,
    cell: (carrier) => (
      <Link component={RouterLink} to={manualAssignmentPath(carrier.carrierId)} sx={{ whiteSpace: "nowrap" }}>
        {CARRIER_TEXTS.manualAssignment}
      </Link>
    ),
  },
  // Issue #29: the carrier's tier (common/scorecards.ts) and compliance, after the spec's columns.
  {
    id: "tier",
    header: "Tier",
    hideable: true,
    cell: (carrier) => <TierChip tier={carrier.scorecard.tier} />,
  },
  {
    id: "compliance",
    header: "Compliance",
    hideable: true,
    cell: (carrier) => <ComplianceChip compliance={carrier.compliance} />,
  },
];

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
        compliance {
          ...ComplianceChip_compliance
        }
        scorecard {
          tier
        }
      }
    `,
    carrier,
  );
  return (
    <DataRow
      columns={CARRIER_COLUMNS}
      row={data}
      href={carrierDetailPath(data.carrierId)}
      data-testid="carrier-row"
    />
  );
}
