import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { awardBlockedMessage } from "../../../common/compliance.ts";
import { formatPhone } from "../../../common/fields.ts";
import { formatDollars } from "../../../common/money.ts";
import {
  type CarrierTier,
  formatPerMile,
  type LaneRatesView,
  laneFlagOf,
  TIER_LABELS,
} from "../../../common/scorecards.ts";
import { LaneRatesSummary } from "../scorecards/LaneRatesSummary.tsx";
import { PerMileCell } from "../scorecards/PerMileCell.tsx";
import type { BidderRow_bid$data } from "./__generated__/BidderRow_bid.graphql";
import { dateTimeText } from "./money.ts";

export interface OfferSummary {
  loadId: string;
  route: string;
  startDateTime: string;
  equipmentType: string | null;
  distance: number | null;
  /** The lane's rates, shown beside the bid's $/mile. */
  lane?: LaneRatesView | null;
}

interface ConfirmWinnerDialogProps {
  bid: BidderRow_bid$data | null;
  offer: OfferSummary;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onConfirm(bid: BidderRow_bid$data): void;
}

function Section({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, pl: 0, width: "40%" }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** 'Load Assignment Confirmation': the load, the driver and the bid, then Cancel or 'Confirm Winner'. */
export function ConfirmWinnerDialog({
  bid,
  offer,
  busy,
  error,
  onCancel,
  onConfirm,
}: ConfirmWinnerDialogProps) {
  return (
    <Dialog
      open={bid !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-winner-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="confirm-winner-title">Load Assignment Confirmation</DialogTitle>
      <DialogContent>
        {bid ? (
          <>
            <Section
              title="Load"
              rows={[
                ["Load ID", offer.loadId],
                ["Route", offer.route],
                ["Start", dateTimeText(offer.startDateTime)],
                ["Equipment", offer.equipmentType ?? "—"],
                ["Distance", offer.distance === null ? "—" : `${offer.distance} mi`],
              ]}
            />
            <Section
              title="Driver"
              rows={[
                ["Carrier", bid.carrierName],
                ["Name", bid.userName ?? "—"],
                ["User ID", bid.bidderUserId],
                ["Phone", formatPhone(bid.bidderPhone) ?? "—"],
                ["Email", bid.bidderEmail],
              ]}
            />
            <Section
              title="Bid"
              rows={[
                ["Amount", formatDollars(bid.amount)],
                ["Placed", dateTimeText(bid.updatedAt)],
                ["Rate per mile", formatPerMile(bid.ratePerMile)],
                ["Record (won/lost)", `${bid.stats.wins}/${bid.stats.losses}`],
                ["Tier", TIER_LABELS[bid.bidderScorecard.tier as CarrierTier] ?? bid.bidderScorecard.tier],
              ]}
            />
            <Box sx={{ mt: 1.5 }}>
              <LaneRatesSummary rates={offer.lane} />
              {laneFlagOf(bid.ratePerMile ?? null, offer.lane) ? (
                <Box sx={{ mt: 0.5 }}>
                  <PerMileCell perMile={bid.ratePerMile} lane={offer.lane} />
                </Box>
              ) : null}
            </Box>
          </>
        ) : null}
        {bid?.carrierCompliance.gateRequired && !bid.carrierCompliance.mayTrade ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="award-blocked">
            {awardBlockedMessage(bid.carrierName ?? "This carrier", bid.carrierCompliance.reasons)}
          </Alert>
        ) : null}
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
        <Button variant="contained" disabled={busy || !bid} onClick={() => bid && onConfirm(bid)}>
          {busy ? "Confirming..." : "Confirm Winner"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
