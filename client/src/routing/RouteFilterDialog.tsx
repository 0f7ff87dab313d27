import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { zoneLabel } from "../lib/dates.ts";
import { FilterActions } from "../ui/list/FilterActions.tsx";
import type { FilterDialogProps } from "../ui/list/FilterDialogButton.tsx";
import { useFilterDraft } from "../ui/list/useFilterDraft.ts";
import { NO_ROUTE_FILTERS, type RouteFilters, type YesNoAny } from "./routing-criteria.ts";

/** Routes with or without a driver, and by pickup date (the first assigned load's). */
export function RouteFilterDialog({ open, filters, onClose, onApply }: FilterDialogProps<RouteFilters>) {
  const [draft, setDraft] = useFilterDraft(open, filters);
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
      <FilterActions
        onClear={() => onApply(NO_ROUTE_FILTERS)}
        onClose={onClose}
        onApply={() => onApply(draft)}
      />
    </Dialog>
  );
}
