import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { EQUIPMENT_TYPES, US_STATES } from "../../../common/offers.ts";
import type { OfferFilters } from "./offer-lists.ts";

interface OfferFilterFieldsProps {
  filters: OfferFilters;
  onChange(filters: OfferFilters): void;
}

const STATE_OPTIONS = [{ code: "", name: "Any" }, ...US_STATES.map(([code, name]) => ({ code, name }))];

/** The active-offer lists' filters, shown in the toolbar: origin and destination state, equipment. */
export function OfferFilterFields({ filters, onChange }: OfferFilterFieldsProps) {
  const states = (key: "originState" | "destinationState", label: string, minWidth: number) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key]}
      onChange={(event) => onChange({ ...filters, [key]: event.target.value })}
      sx={{ minWidth }}
      fullWidth={false}
    >
      {STATE_OPTIONS.map((option) => (
        <MenuItem key={option.code || "any"} value={option.code}>
          {option.code ? `${option.code} — ${option.name}` : option.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {states("originState", "Origin state", 140)}
      {states("destinationState", "Destination state", 160)}
      <TextField
        select
        size="small"
        label="Equipment"
        value={filters.equipmentType}
        onChange={(event) => onChange({ ...filters, equipmentType: event.target.value })}
        sx={{ minWidth: 150 }}
        fullWidth={false}
      >
        <MenuItem value="">Any</MenuItem>
        {EQUIPMENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
