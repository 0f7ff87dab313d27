import Button from "@mui/material/Button";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import type { BidderRow_bid$data, BidderRow_bid$key } from "./__generated__/BidderRow_bid.graphql";
import { usd } from "./money.ts";

interface BidderRowProps {
  bid: BidderRow_bid$key;
  /** The offer still takes a winner. */
  open: boolean;
  onNotify(bid: BidderRow_bid$data): void;
}

/** One bidder: the spec's columns; Action is 'Notify Winner', 'Notified' (the winner) or 'Loser'. */
export function BidderRow({ bid: key, open, onNotify }: BidderRowProps) {
  const bid = useFragment(
    graphql`
      fragment BidderRow_bid on Bid {
        id
        bidderUserId
        carrierName
        userName
        bidderPhone
        bidderEmail
        amount
        status
        updatedAt
        stats {
          wins
          losses
          rating
        }
      }
    `,
    key,
  );
  let action: React.ReactNode;
  if (bid.status === "winner")
    action = <Typography sx={{ color: "success.dark", fontWeight: 700 }}>Notified</Typography>;
  else if (bid.status === "loser") action = <Typography color="text.secondary">Loser</Typography>;
  else if (bid.status === "folded") action = <Typography color="text.secondary">Folded</Typography>;
  else
    action = (
      <Button size="small" variant="contained" disabled={!open} onClick={() => onNotify(bid)}>
        Notify Winner
      </Button>
    );
  const rating = bid.stats.rating == null ? "" : ` · ${bid.stats.rating.toFixed(1)}★`;
  return (
    <TableRow hover>
      <TableCell sx={{ fontFamily: "monospace" }}>{bid.bidderUserId}</TableCell>
      <TableCell>{bid.carrierName}</TableCell>
      <TableCell>-</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        {bid.stats.wins}/{bid.stats.losses}
        {rating}
      </TableCell>
      <TableCell
        sx={{ fontWeight: 600, textDecoration: bid.status === "folded" ? "line-through" : undefined }}
      >
        {usd(bid.amount)}
      </TableCell>
      <TableCell>{action}</TableCell>
    </TableRow>
  );
}
