import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { zoneLabel } from "../lib/dates.ts";
import { NO_ROUTE_FILTERS, type RouteFilters, type YesNoAny } from "./routing-criteria.ts";

interface RouteFilterDialogProps {
  open: boolean;
  filters: RouteFilters;
  onClose(): void;
  onApply(filters: RouteFilters): void;
}

/** Routes with or without a driver, and by pickup date (the first assigned load's). */
export function RouteFilterDialog({ open, filters, onClose, onApply }: RouteFilterDialogProps) {
  const [draft, setDraft] = useState(filters);
  useEffect(() => {
    if (open) setDraft(filters);
  }, [open, filters]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="route-filter-title">
      <DialogTitle id="route-filter-title">Filter routes</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Driver"
            value={draft.driver}
            onChange={(event) => setDraft({ ...draft, driver: event.target.value as YesNoAny })}
          >
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="yes">Driver assigned</MenuItem>
            <MenuItem value="no">Waiting for a driver</MenuItem>
          </TextField>
          <TextField
            type="date"
            label="Pickup from"
            value={draft.pickupFrom}
            onChange={(event) => setDraft({ ...draft, pickupFrom: event.target.value })}
            helperText={zoneLabel()}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label="Pickup to"
            value={draft.pickupTo}
            onChange={(event) => setDraft({ ...draft, pickupTo: event.target.value })}
            helperText={zoneLabel()}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onApply(NO_ROUTE_FILTERS)}>Clear</Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onApply(draft)}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
