import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { formatDollars } from "../../../common/money.ts";

interface BookNowDialogProps {
  open: boolean;
  loadId: string;
  price: number | null;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(): void;
}

/** Book Now's confirmation: the price, that the load is won at once, and that the tender follows. */
export function BookNowDialog({ open, loadId, price, busy, error, onCancel, onConfirm }: BookNowDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="book-now-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="book-now-title">Book load {loadId} now?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You take this load at {formatDollars(price)} and win it at once: bidding ends for everyone. You then
          accept the tender (rate confirmation) to confirm it.
        </DialogContentText>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="success" onClick={onConfirm} disabled={busy}>
          {busy ? "Booking..." : `Book for ${formatDollars(price)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
