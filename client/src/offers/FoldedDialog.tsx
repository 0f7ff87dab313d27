import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { formatDollars } from "../../../common/money.ts";

interface FoldedDialogProps {
  open: boolean;
  loadId: string;
  bestOffer: number | null;
  myBid: number | null;
  onClose(): void;
}

/** After folding: the best bid for the load and the carrier's own (withdrawn) bid. */
export function FoldedDialog({ open, loadId, bestOffer, myBid, onClose }: FoldedDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="folded-title" fullWidth maxWidth="xs">
      <DialogTitle id="folded-title">You folded on load {loadId}</DialogTitle>
      <DialogContent>
        <DialogContentText>Best bid for this load: {formatDollars(bestOffer)}</DialogContentText>
        <DialogContentText>Your withdrawn bid: {formatDollars(myBid)}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>You can bid again while the round is open.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
