import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { graphql, useFragment } from "react-relay";
import { FilterActions } from "../ui/list/FilterActions.tsx";
import type { FilterDialogProps } from "../ui/list/FilterDialogButton.tsx";
import { useFilterDraft } from "../ui/list/useFilterDraft.ts";
import type { NassFilterDialog_facets$key } from "./__generated__/NassFilterDialog_facets.graphql";
import { type NassFilters, NO_NASS_FILTERS, type YesNoAny } from "./routing-criteria.ts";

interface NassFilterDialogProps extends FilterDialogProps<NassFilters> {
  facets: NassFilterDialog_facets$key;
}

/** Region, division, state, facility type and the originating/destinating flags. */
export function NassFilterDialog({ open, facets, filters, onClose, onApply }: NassFilterDialogProps) {
  const options = useFragment(
    graphql`
      fragment NassFilterDialog_facets on NassFacets {
        regions
        divisions
        states
        facilityTypes
      }
    `,
    facets,
  );
  const [draft, setDraft] = useFilterDraft(open, filters);

  const choice = (
    label: string,
    key: "region" | "division" | "state" | "facType",
    values: readonly string[],
  ) => (
    <TextField
      select
      label={label}
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    >
      <MenuItem value="">Any</MenuItem>
      {values.map((value) => (
        <MenuItem key={value} value={value}>
          {value}
        </MenuItem>
      ))}
    </TextField>
  );
  const flag = (label: string, key: "originating" | "destinating") => (
    <TextField
      select
      label={label}
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value as YesNoAny })}
    >
      <MenuItem value="">Any</MenuItem>
      <MenuItem value="yes">Yes</MenuItem>
      <MenuItem value="no">No</MenuItem>
    </TextField>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="nass-filter-title">
      <DialogTitle id="nass-filter-title">Filter NASS codes</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {choice("Region", "region", options.regions)}
          {choice("Division", "division", options.divisions)}
          {choice("State", "state", options.states)}
          {choice("Facility Type", "facType", options.facilityTypes)}
          {flag("Originating", "originating")}
          {flag("Destinating", "destinating")}
        </Stack>
      </DialogContent>
      <FilterActions
        onClear={() => onApply(NO_NASS_FILTERS)}
        onClose={onClose}
        onApply={() => onApply(draft)}
      />
    </Dialog>
  );
}
