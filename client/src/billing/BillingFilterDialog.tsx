import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Grid from "@mui/material/Grid";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import type { FormEvent } from "react";
import { BILLING_STATUS_LABELS, BILLING_STATUSES, type Ledger } from "../../../common/billing.ts";
import { FilterActions } from "../ui/list/FilterActions.tsx";
import type { FilterDialogProps } from "../ui/list/FilterDialogButton.tsx";
import { toggled, useFilterDraft } from "../ui/list/useFilterDraft.ts";
import { type BillingFilters, NO_FILTERS } from "./billing-criteria.ts";

interface BillingFilterDialogProps extends FilterDialogProps<BillingFilters> {
  ledger: Ledger;
}

/** The Filter button's dialog: status, a date range (due or payment date) and past due only. */
export function BillingFilterDialog({ open, ledger, filters, onClose, onApply }: BillingFilterDialogProps) {
  const [draft, setDraft] = useFilterDraft(open, filters);
  const dateLabel = ledger === "receivable" ? "Due Date" : "Payment Date";

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="billing-filter-title">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="billing-filter-title">Filter</DialogTitle>
        <DialogContent>
          <FormControl component="fieldset" sx={{ mb: 2 }}>
            <FormLabel component="legend">Status</FormLabel>
            <FormGroup row>
              {BILLING_STATUSES.map((status) => (
                <FormControlLabel
                  key={status}
                  control={
                    <Checkbox
                      checked={draft.status.includes(status)}
                      onChange={() =>
                        setDraft((current) => ({ ...current, status: toggled(current.status, status) }))
                      }
                    />
                  }
                  label={BILLING_STATUS_LABELS[status]}
                />
              ))}
            </FormGroup>
          </FormControl>
          <Grid container spacing={2}>
            <Grid size={6}>
              <TextField
                type="date"
                label={`${dateLabel} from`}
                value={draft.from}
                onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={6}>
              <TextField
                type="date"
                label={`${dateLabel} to`}
                value={draft.to}
                onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
          </Grid>
          <FormControlLabel
            sx={{ mt: 2 }}
            control={
              <Switch
                checked={draft.pastDue}
                onChange={(event) => setDraft((current) => ({ ...current, pastDue: event.target.checked }))}
              />
            }
            label="Past due only"
          />
        </DialogContent>
        <FilterActions onClear={() => setDraft(NO_FILTERS)} onClose={onClose} sx={{ px: 3, pb: 2 }} />
      </form>
    </Dialog>
  );
}
