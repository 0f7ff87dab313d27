import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { OfferSelect } from "./offer-filter-choices.ts";

export interface OfferFilterSelectProps {
  select: OfferSelect;
  value: string;
  onChange(value: string): void;
  /** Its stand-in had the focus: this one takes it over. */
  autoFocus?: boolean;
  /** Its stand-in was clicked (or opened by a key): this one opens at once. */
  defaultOpen?: boolean;
}

/** One of the active-offer lists' select filters (OfferFilterFields shows a stand-in until it loads). */
export function OfferFilterSelect({
  select,
  value,
  onChange,
  autoFocus,
  defaultOpen,
}: OfferFilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={select.label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoFocus={autoFocus}
      slotProps={{ select: { defaultOpen } }}
      sx={{ minWidth: select.minWidth }}
      fullWidth={false}
    >
      {select.choices.map((choice) => (
        <MenuItem key={choice.value || "any"} value={choice.value}>
          {choice.text}
        </MenuItem>
      ))}
    </TextField>
  );
}
