import Chip from "@mui/material/Chip";
import { graphql, useFragment } from "react-relay";
import type { ComplianceChip_compliance$key } from "./__generated__/ComplianceChip_compliance.graphql";

type ChipColor = "success" | "warning" | "error";

const COLORS: Record<string, ChipColor> = { compliant: "success", expiring: "warning" };

interface ComplianceChipProps {
  compliance: ComplianceChip_compliance$key;
}

/** A carrier's compliance verdict as a chip: green compliant, amber expiring, red otherwise. */
export function ComplianceChip({ compliance }: ComplianceChipProps) {
  const data = useFragment(
    graphql`
      fragment ComplianceChip_compliance on CarrierCompliance {
        status
        statusLabel
      }
    `,
    compliance,
  );
  const color: ChipColor = COLORS[data.status] ?? "error";
  return (
    <Chip
      size="small"
      variant={color === "error" ? "outlined" : "filled"}
      color={color}
      label={data.statusLabel}
      data-testid="compliance-chip"
    />
  );
}
