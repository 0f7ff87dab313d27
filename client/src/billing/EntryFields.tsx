import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import {
  BILLING_STATUS_LABELS,
  BILLING_STATUSES,
  LEDGER_FIELDS,
  type Ledger,
} from "../../../common/billing.ts";
import { type EntryField, type EntryProblems, type EntryValues, FIELD_LABELS } from "./entry-form.ts";

interface EntryFieldsProps {
  ledger: Ledger;
  values: EntryValues;
  problems: EntryProblems;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Several line items: the amount is their sum, not typed. */
  amountFromLines?: boolean;
  onChange(field: EntryField, value: string): void;
}

/** Customer/Payer (or Carrier), the date, the amount (step 0.01) and the status, with their errors. */
export function EntryFields({
  ledger,
  values,
  problems,
  disabled = false,
  autoFocus = false,
  amountFromLines = false,
  onChange,
}: EntryFieldsProps) {
  const labels = FIELD_LABELS[ledger];
  const names = LEDGER_FIELDS[ledger];
  const common = (field: EntryField) => ({
    label: labels[field],
    required: true,
    disabled,
    value: values[field],
    error: Boolean(problems[field]),
    helperText: problems[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField
          {...common("party")}
          name={names.party}
          autoFocus={autoFocus}
          autoComplete="organization"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...common("date")}
          name={names.date}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...common("amount")}
          name={names.amount}
          type="number"
          helperText={problems.amount ?? (amountFromLines ? "The sum of the line items." : undefined)}
          slotProps={{
            htmlInput: {
              step: "0.01",
              min: "0",
              max: "10000000",
              inputMode: "decimal",
              readOnly: amountFromLines,
            },
            input: {
              startAdornment: (
                <span aria-hidden="true" style={{ marginRight: 4 }}>
                  $
                </span>
              ),
            },
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...common("status")} name="status" select>
          {BILLING_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {BILLING_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </Grid>
  );
}
