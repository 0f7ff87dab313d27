import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

interface FoldBidDialogProps {
  open: boolean;
  loadId: string;
  busy: boolean;
  onCancel(): void;
  onFold(): void;
}

/** Before folding: the carrier confirms withdrawing its bid. */
export function FoldBidDialog({ open, loadId, busy, onCancel, onFold }: FoldBidDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="fold-title">
      <DialogTitle id="fold-title">Fold on load {loadId}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your bid will be withdrawn and no longer count. You can bid again while the round is open.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="warning" variant="contained" disabled={busy} onClick={onFold}>
          Fold
        </Button>
      </DialogActions>
    </Dialog>
  );
}
