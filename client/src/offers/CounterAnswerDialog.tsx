import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { formatDollars } from "../../../common/money.ts";
import { dateTimeText } from "./money.ts";

interface CounterAnswerDialogProps {
  open: boolean;
  loadId: string;
  counter: { amount: number; note: string | null | undefined; expiresAt: string } | null;
  myBid: number | null;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onAccept(): void;
  onDecline(): void;
}

/** The operator's counter-offer on the carrier's bid: Accept (win at that amount) or Decline. */
export function CounterAnswerDialog({
  open,
  loadId,
  counter,
  myBid,
  busy,
  error,
  onCancel,
  onAccept,
  onDecline,
}: CounterAnswerDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="counter-answer-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="counter-answer-title">Counter-offer on load {loadId}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The operator offers {formatDollars(counter?.amount)} against your bid of {formatDollars(myBid)}.
        </DialogContentText>
        {counter?.note ? <DialogContentText sx={{ mt: 1 }}>"{counter.note}"</DialogContentText> : null}
        <DialogContentText sx={{ mt: 1 }}>
          Accept to win the load at that amount (the tender follows), or decline to keep your bid. Open until{" "}
          {counter ? dateTimeText(counter.expiresAt) : "—"}.
        </DialogContentText>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Close
        </Button>
        <Button color="warning" onClick={onDecline} disabled={busy}>
          Decline
        </Button>
        <Button variant="contained" color="success" onClick={onAccept} disabled={busy}>
          Accept {formatDollars(counter?.amount)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
