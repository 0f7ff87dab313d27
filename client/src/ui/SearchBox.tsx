import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
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
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
    />
  );
}
