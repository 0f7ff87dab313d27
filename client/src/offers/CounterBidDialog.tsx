import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useState } from "react";
import { COUNTER_MESSAGES, MAX_COUNTER_NOTE } from "../../../common/booking.ts";
import { formatDollars } from "../../../common/money.ts";
import { bidAmountProblem } from "../../../common/offers.ts";

interface CounterBidDialogProps {
  bid: { carrierName: string; amount: number } | null;
  busy: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  onCancel(): void;
  onSubmit(amount: number, note: string | null): void;
}

/** The operator's counter-offer on one bid: amount (the bid amount rule) and an optional note. */
export function CounterBidDialog({
  bid,
  busy,
  error,
  fieldErrors,
  onCancel,
  onSubmit,
}: CounterBidDialogProps) {
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (bid) {
      setAmount("");
      setNote("");
      setProblem(null);
    }
  }, [bid]);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = bidAmountProblem(amount);
    if (refused) {
      setProblem(refused === COUNTER_MESSAGES.tooLarge ? refused : COUNTER_MESSAGES.invalidAmount);
      return;
    }
    if (note.length > MAX_COUNTER_NOTE) {
      setProblem(COUNTER_MESSAGES.noteTooLong);
      return;
    }
    onSubmit(Number(amount), note.trim() || null);
  };
  const amountError = problem ?? fieldErrors.amount ?? null;
  return (
    <Dialog
      open={bid !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="counter-bid-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="counter-bid-title">Counter {bid?.carrierName}'s bid</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Their bid: {formatDollars(bid?.amount)}. The carrier may accept (and win at your amount), decline
            or bid again.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              autoFocus
              type="number"
              label="Counter amount"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setProblem(null);
              }}
              error={amountError !== null}
              helperText={amountError ?? "US dollars, up to two decimals"}
              slotProps={{
                htmlInput: { min: 0.01, step: 0.01, inputMode: "decimal" },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <TextField
              label="Note to the carrier (optional)"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={2}
              error={Boolean(fieldErrors.note)}
              helperText={fieldErrors.note ?? `${note.length}/${MAX_COUNTER_NOTE}`}
              slotProps={{ htmlInput: { maxLength: MAX_COUNTER_NOTE } }}
            />
          </Stack>
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
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Sending..." : "Send counter"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
