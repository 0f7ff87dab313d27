import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useState } from "react";
import { formatDollars } from "../../../common/money.ts";
import { bidAmountProblem } from "../../../common/offers.ts";

interface PlaceBidDialogProps {
  open: boolean;
  loadId: string;
  bestOffer: number | null;
  myBid: number | null;
  busy: boolean;
  /** Why the carrier may not bid (the compliance gate), shown instead of letting it submit. */
  blocked?: string | null;
  onCancel(): void;
  onSubmit(amount: number): void;
}

/** 'Place Your Bid': the amount, Cancel and 'Submit Bid'. */
export function PlaceBidDialog({
  open,
  loadId,
  bestOffer,
  myBid,
  busy,
  blocked = null,
  onCancel,
  onSubmit,
}: PlaceBidDialogProps) {
  const [value, setValue] = useState("");
  // The server's rule (common/offers.ts): more than 0, two decimals, at most $10,000,000.00.
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValue(myBid === null ? "" : String(myBid));
      setProblem(null);
    }
  }, [open, myBid]);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = bidAmountProblem(value);
    if (refused) {
      setProblem(refused);
      return;
    }
    onSubmit(Number(value));
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="place-bid-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="place-bid-title">Place Your Bid</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Load {loadId}. Best bid: {formatDollars(bestOffer)}
            {myBid !== null ? `; your bid: ${formatDollars(myBid)}` : ""}.
          </DialogContentText>
          {blocked ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="bid-blocked">
              {blocked}
            </Alert>
          ) : null}
          <TextField
            autoFocus
            fullWidth
            type="number"
            label="Your bid"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? "US dollars, up to two decimals"}
            slotProps={{
              htmlInput: { min: 0.01, step: 0.01, inputMode: "decimal" },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || blocked !== null}>
            {busy ? "Sending..." : "Submit Bid"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
