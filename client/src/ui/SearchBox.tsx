import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import OutlinedInput from "@mui/material/OutlinedInput";
import type { ChangeEvent, FocusEvent, Ref } from "react";

export interface SearchBoxProps {
  /** The box's accessible name (it has no visible label: the placeholder and the icon say what it is). */
  label: string;
  placeholder: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onFocus?(event: FocusEvent<HTMLInputElement>): void;
  type?: "search" | "text";
  maxLength?: number;
  keyShortcuts?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** What MUI's InputAdornment (position start) draws: its component would be 0.4 KB more to load. */
const ADORNMENT_SX = {
  display: "flex",
  height: "0.01em",
  maxHeight: "2em",
  alignItems: "center",
  whiteSpace: "nowrap",
  color: "action.active",
  marginRight: "8px",
} as const;

/**
 * A small outlined search box with a search icon: what a label-less TextField renders, without
 * TextField's FormControl, label and Select (which bring Menu, Popover and Modal along), so the
 * first screens that show one do not load them.
 */
export function SearchBox(props: SearchBoxProps) {
  return (
    <OutlinedInput
      fullWidth
      size="small"
      type={props.type ?? "text"}
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      onFocus={props.onFocus}
      inputRef={props.inputRef}
      sx={{ verticalAlign: "top" }}
      inputProps={{
        "aria-label": props.label,
        maxLength: props.maxLength,
        "aria-keyshortcuts": props.keyShortcuts,
      }}
      startAdornment={
        <Box
          component="span"
          className="MuiInputAdornment-root MuiInputAdornment-positionStart"
          sx={ADORNMENT_SX}
        >
          <SearchIcon fontSize="small" />
        </Box>
      }
    />
  );
}
