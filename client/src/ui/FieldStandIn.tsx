import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import { type KeyboardEvent, useId } from "react";

export interface FieldStandInProps {
  label: string;
  /** What the field shows. */
  text: string;
  minWidth: number;
  /** A select: the drop-down arrow, and a combobox to assistive technology. */
  select?: boolean;
  /** The drop-down arrow without a select's semantics (a picker's stand-in); a select's default. */
  arrow?: boolean;
  /**
   * The user goes for the field: `open` when by a click or an opening key (a select then opens as
   * soon as it can), else by focus.
   */
  onWanted(open: boolean): void;
}

const OPENING_KEYS = new Set(["ArrowDown", "ArrowUp", "Enter", " "]);

/**
 * A small outlined field with a floating label that stands in for one whose code is not part of the
 * first screen (a select, a picker): it looks the same, shows the value, and says when the user
 * goes for it, so the real one can take over with the focus (and open, for a select). Built from
 * FormControl, InputLabel and OutlinedInput only: no TextField, whose Select brings Menu, Popover
 * and Modal along.
 */
export function FieldStandIn({
  label,
  text,
  minWidth,
  select = false,
  arrow = select,
  onWanted,
}: FieldStandInProps) {
  const id = useId();
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!select || !OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    onWanted(true);
  };
  return (
    // As wide as the real field with a short value (a longer one shows cut until the swap).
    <FormControl size="small" sx={{ minWidth, width: minWidth }}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={text}
        readOnly
        onFocus={() => onWanted(false)}
        onMouseDown={select ? () => onWanted(true) : undefined}
        onKeyDown={handleKeyDown}
        inputProps={
          select ? { role: "combobox", "aria-expanded": false, "aria-haspopup": "listbox" } : undefined
        }
        endAdornment={
          arrow ? (
            <ArrowDropDownIcon
              sx={{
                position: "absolute",
                right: 7,
                top: "calc(50% - .5em)",
                pointerEvents: "none",
                color: "action.active",
              }}
            />
          ) : undefined
        }
        sx={
          arrow
            ? // The arrow sits over the box's right padding, as on a select.
              { pr: 0, "& .MuiOutlinedInput-input": { pr: 4, cursor: select ? "pointer" : undefined } }
            : undefined
        }
      />
    </FormControl>
  );
}
