import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useState } from "react";

interface DetachDriverDialogProps {
  /** The driver's name (or e-mail) while the dialog is open; null closes it. */
  driverName: string | null;
  carrierName: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

export function DetachDriverDialog({
  driverName,
  carrierName,
  busy,
  onCancel,
  onConfirm,
}: DetachDriverDialogProps) {
  // The name stays while the dialog fades out.
  const [shownName, setShownName] = useState(driverName);
  if (driverName !== null && driverName !== shownName) setShownName(driverName);
  return (
    <Dialog
      open={driverName !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="detach-driver-title"
      aria-describedby="detach-driver-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="detach-driver-title">Detach driver?</DialogTitle>
      <DialogContent>
        <DialogContentText id="detach-driver-text">
          {shownName} will no longer drive for {carrierName}. Loads already assigned to them stay as they are.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? "Detaching…" : "Detach"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
