import Chip from "@mui/material/Chip";
import { BILLING_STATUS_LABELS, type BillingStatus } from "../../../common/billing.ts";

const COLORS: Record<BillingStatus, "default" | "success" | "error" | "warning"> = {
  pending: "default",
  paid: "success",
  overdue: "error",
  canceled: "warning",
};

interface StatusChipProps {
  status: string;
  pastDue: boolean;
  daysPastDue: number;
}

/** The stored status, plus a 'Past due' flag the server derives (it never changes the status). */
export function StatusChip({ status, pastDue, daysPastDue }: StatusChipProps) {
  const known = status as BillingStatus;
  return (
    <span style={{ display: "inline-flex", gap: 4, flexWrap: "wrap" }}>
      <Chip
        size="small"
        label={BILLING_STATUS_LABELS[known] ?? status}
        color={COLORS[known] ?? "default"}
        variant={known === "pending" ? "outlined" : "filled"}
      />
      {pastDue ? (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={`Past due ${daysPastDue} d`}
          title={`${daysPastDue} days past due`}
        />
      ) : null}
    </span>
  );
}
