import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useState } from "react";
import { BID_MESSAGES } from "../../../common/offers.ts";
import { usd } from "./money.ts";

interface PlaceBidDialogProps {
  open: boolean;
  loadId: string;
  bestOffer: number | null;
  myBid: number | null;
  busy: boolean;
  onCancel(): void;
  onSubmit(amount: number): void;
}

/** A number greater than 0 with at most two decimals, else the spec's 'Please enter a valid bid.'. */
export function parseBidAmount(text: string): number | null {
  if (!/^\s*\d+(\.\d{1,2})?\s*$/.test(text)) return null;
  const amount = Number(text);
  return amount > 0 ? amount : null;
}

/** 'Place Your Bid': the amount, Cancel and 'Submit Bid'. */
export function PlaceBidDialog({
  open,
  loadId,
  bestOffer,
  myBid,
  busy,
  onCancel,
  onSubmit,
}: PlaceBidDialogProps) {
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(myBid === null ? "" : String(myBid));
      setInvalid(false);
    }
  }, [open, myBid]);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseBidAmount(value);
    if (amount === null) {
      setInvalid(true);
      return;
    }
    onSubmit(amount);
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
            Load {loadId}. Best bid: {usd(bestOffer)}
            {myBid !== null ? `; your bid: ${usd(myBid)}` : ""}.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="number"
            label="Your bid"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? BID_MESSAGES.invalid : "US dollars, up to two decimals"}
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
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Sending..." : "Submit Bid"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
