import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { useNavigate } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import { confirmDetailsPath } from "../lib/paths.ts";
import { formatMoney, formatPlace, parseWinnerDetails } from "./notification-details.ts";

export const BID_WON_TITLE = "Congratulations! Your Bid Was Accepted";

interface BidWonDialogProps {
  open: boolean;
  message: string;
  details: string | null | undefined;
  onClose(): void;
}

function formatDate(value: string | undefined): string {
  if (!value) return "—";
  return formatDateTime(value) ?? value;
}

/** Shown when a winner notification is opened; Continue leads to the load's confirm-details form. */
export function BidWonDialog({ open, message, details, onClose }: BidWonDialogProps) {
  const navigate = useNavigate();
  const winner = parseWinnerDetails(details);
  const rows: [string, string][] = [
    ["Load", winner.loadId ?? "—"],
    ["Origin", formatPlace(winner.originCity, winner.originState)],
    ["Destination", formatPlace(winner.destinationCity, winner.destinationState)],
    ["Start", formatDate(winner.startDateTime)],
    ["End", formatDate(winner.endDateTime)],
    ["Distance", winner.distance !== undefined ? `${winner.distance} mi` : "—"],
    ["Equipment", winner.equipmentType ?? "—"],
    ["Your bid", formatMoney(winner.bidAmount)],
  ];
  const handleContinue = () => {
    onClose();
    if (winner.loadId) navigate(confirmDetailsPath(winner.loadId));
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="bid-won-title" fullWidth maxWidth="xs">
      <DialogTitle id="bid-won-title">{BID_WON_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{message}</DialogContentText>
        <Table size="small" aria-label="Load details">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, pl: 0 }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Later</Button>
        <Button variant="contained" onClick={handleContinue} disabled={!winner.loadId}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
