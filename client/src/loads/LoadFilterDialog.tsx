import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { FormEvent } from "react";
import { LOAD_STAGES, type LoadStage, STAGE_LABELS } from "../../../common/loads/stages.ts";
import { LOAD_MODES, LOAD_STATUSES } from "../../../common/loads/values.ts";
import { zoneLabel } from "../lib/dates.ts";
import { FilterActions } from "../ui/list/FilterActions.tsx";
import type { FilterDialogProps } from "../ui/list/FilterDialogButton.tsx";
import { toggled, useFilterDraft } from "../ui/list/useFilterDraft.ts";
import { type LoadFilters, NO_FILTERS, STATUS_LABELS } from "./list-criteria.ts";

type DateKey = "pickupFrom" | "pickupTo" | "deliveryFrom" | "deliveryTo";
const DATE_FIELDS: [DateKey, string][] = [
  ["pickupFrom", "Pickup from"],
  ["pickupTo", "Pickup to"],
  ["deliveryFrom", "Delivery from"],
  ["deliveryTo", "Delivery to"],
];

/** The Filter button's dialog: status, stage, mode, customer and pickup/delivery date ranges (UTC days). */
export function LoadFilterDialog({ open, filters, onClose, onApply }: FilterDialogProps<LoadFilters>) {
  const [draft, setDraft] = useFilterDraft(open, filters);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="load-filter-title">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="load-filter-title">Filter loads</DialogTitle>
        <DialogContent dividers>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControl component="fieldset">
                <FormLabel component="legend">Status</FormLabel>
                <FormGroup>
                  {LOAD_STATUSES.map((status) => (
                    <FormControlLabel
                      key={status}
                      label={STATUS_LABELS[status]}
                      control={
                        <Checkbox
                          size="small"
                          checked={draft.status.includes(status)}
                          onChange={() =>
                            setDraft((current) => ({ ...current, status: toggled(current.status, status) }))
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </FormControl>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormControl component="fieldset">
                <FormLabel component="legend">Mode</FormLabel>
                <FormGroup>
                  {LOAD_MODES.map((mode) => (
                    <FormControlLabel
                      key={mode}
                      label={mode}
                      control={
                        <Checkbox
                          size="small"
                          checked={draft.mode.includes(mode)}
                          onChange={() =>
                            setDraft((current) => ({ ...current, mode: toggled(current.mode, mode) }))
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </FormControl>
            </Grid>
            <Grid size={12}>
              <TextField
                select
                label="Stage"
                size="small"
                fullWidth
                value={draft.stage}
                helperText="Any of these (the furthest step on each load's timeline)"
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (value) =>
                      (value as LoadStage[]).map((stage) => STAGE_LABELS[stage]).join(", "),
                  },
                }}
                onChange={(event) => {
                  const value = event.target.value as unknown as LoadStage[] | string;
                  const stages = (typeof value === "string" ? value.split(",") : value) as LoadStage[];
                  setDraft((current) => ({ ...current, stage: stages }));
                }}
              >
                {LOAD_STAGES.map((stage) => (
                  <MenuItem key={stage} value={stage}>
                    {STAGE_LABELS[stage]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={12}>
              <TextField
                label="Customer"
                size="small"
                value={draft.customer}
                helperText="The exact customer name, any case"
                onChange={(event) => setDraft((current) => ({ ...current, customer: event.target.value }))}
              />
            </Grid>
            {DATE_FIELDS.map(([key, label]) => (
              <Grid key={key} size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={label}
                  type="date"
                  size="small"
                  value={draft[key]}
                  onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
                  helperText={zoneLabel()}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <FilterActions clearLabel="Clear all" onClear={() => setDraft(NO_FILTERS)} onClose={onClose} />
      </form>
    </Dialog>
  );
}
