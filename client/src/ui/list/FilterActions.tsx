import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import type { SxProps, Theme } from "@mui/material/styles";

interface FilterActionsProps {
  clearLabel?: string;
  onClear(): void;
  onClose(): void;
  /** Applies the draft; without it Apply submits the dialog's form. */
  onApply?(): void;
  sx?: SxProps<Theme>;
}

/** A filter dialog's buttons: Clear, Cancel and Apply. */
export function FilterActions({ clearLabel = "Clear", onClear, onClose, onApply, sx }: FilterActionsProps) {
  return (
    <DialogActions sx={sx}>
      <Button onClick={onClear}>{clearLabel}</Button>
      <Button onClick={onClose}>Cancel</Button>
      <Button variant="contained" {...(onApply ? { onClick: onApply } : { type: "submit" as const })}>
        Apply
      </Button>
    </DialogActions>
  );
}
