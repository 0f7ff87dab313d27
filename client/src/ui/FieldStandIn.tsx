import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import Box from "@mui/material/Box";
import OutlinedInput from "@mui/material/OutlinedInput";
import type { SxProps, Theme } from "@mui/material/styles";
import { type KeyboardEvent, useId, useState } from "react";

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
 * What MUI's small outlined FormControl and InputLabel draw (their markup and class names, styled
 * here once): the components (FormControl, InputLabel, FormLabel: 1.8 KB Brotli) stay off the
 * carrier's first screen.
 */
const STAND_IN_SX: SxProps<Theme> = (theme) => ({
  display: "inline-flex",
  flexDirection: "column",
  position: "relative",
  minWidth: 0,
  padding: 0,
  margin: 0,
  border: 0,
  verticalAlign: "top",
  "& .MuiInputLabel-root": {
    fontFamily: theme.typography.body1.fontFamily,
    fontWeight: theme.typography.body1.fontWeight,
    fontSize: theme.typography.body1.fontSize,
    letterSpacing: theme.typography.body1.letterSpacing,
    color: theme.palette.text.secondary,
    lineHeight: "1.4375em",
    padding: 0,
    display: "block",
    position: "absolute",
    left: 0,
    top: 0,
    zIndex: 1,
    pointerEvents: "none",
    transformOrigin: "top left",
    transform: "translate(14px, 9px) scale(1)",
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "ellipsis",
    maxWidth: "calc(100% - 24px)",
    transition: theme.transitions.create(["color", "transform", "max-width"], {
      duration: theme.transitions.duration.shorter,
      easing: theme.transitions.easing.easeOut,
    }),
  },
  "& .MuiInputLabel-shrink": {
    userSelect: "none",
    pointerEvents: "auto",
    maxWidth: "calc(133% - 32px)",
    transform: "translate(14px, -9px) scale(0.75)",
  },
  "& .MuiInputLabel-root.Mui-focused": { color: theme.palette.primary.main },
});

/**
 * A small outlined field with a floating label that stands in for one whose code is not part of the
 * first screen (a select, a picker): it looks the same, shows the value, and says when the user
 * goes for it, so the real one can take over with the focus (and open, for a select). An
 * OutlinedInput with FormControl's and InputLabel's markup: no TextField, whose Select brings Menu,
 * Popover and Modal along.
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
  const [focused, setFocused] = useState(false);
  // MUI's label floats (and the outline opens a notch for it) on focus or with a value.
  const shrink = focused || text !== "";
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!select || !OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    onWanted(true);
  };
  return (
    // As wide as the real field with a short value (a longer one shows cut until the swap).
    <Box className="MuiFormControl-root" sx={STAND_IN_SX} style={{ minWidth, width: minWidth }}>
      <label
        htmlFor={id}
        data-shrink={shrink}
        className={`MuiFormLabel-root MuiInputLabel-root MuiInputLabel-formControl MuiInputLabel-animated MuiInputLabel-sizeSmall MuiInputLabel-outlined${shrink ? " MuiInputLabel-shrink" : ""}${focused ? " Mui-focused" : ""}`}
      >
        {label}
      </label>
      <OutlinedInput
        id={id}
        size="small"
        label={label}
        notched={shrink}
        value={text}
        readOnly
        onFocus={() => {
          setFocused(true);
          onWanted(false);
        }}
        onBlur={() => setFocused(false)}
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
    </Box>
  );
}
