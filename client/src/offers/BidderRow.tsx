import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { formatDollars } from "../../../common/money.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { BidderRow_bid$data, BidderRow_bid$key } from "./__generated__/BidderRow_bid.graphql";
import type { BidderSortField } from "./offer-lists.ts";

type Bid = BidderRow_bid$data;

interface BidderActions {
  /** The offer still takes a winner. */
  open: boolean;
  onNotify(bid: Bid): void;
}

/** Action: 'Notify Winner', 'Notified' (the winner), 'Loser' or 'Folded'. */
function BidAction({ bid, open, onNotify }: BidderActions & { bid: Bid }) {
  if (bid.status === "winner")
    return <Typography sx={{ color: "success.dark", fontWeight: 700 }}>Notified</Typography>;
  if (bid.status === "loser") return <Typography color="text.secondary">Loser</Typography>;
  if (bid.status === "folded") return <Typography color="text.secondary">Folded</Typography>;
  return (
    <Button size="small" variant="contained" disabled={!open} onClick={() => onNotify(bid)}>
      Notify Winner
    </Button>
  );
}

/** Spec section 2: the bidders' columns, in order; Bid sorts by amount. */
export function bidderColumns(actions: BidderActions): readonly Column<Bid, BidderSortField>[] {
  return [
    {
      id: "userId",
      header: "User ID",
      key: true,
      cell: (bid) => (
        <Box component="span" sx={{ fontFamily: "monospace" }}>
          {bid.bidderUserId}
        </Box>
      ),
    },
    { id: "carrierName", header: "Carrier Name", cell: (bid) => bid.carrierName },
    { id: "rate", header: "Rate", cell: () => "-" },
    {
      id: "record",
      header: "Bids Won/Lost",
      nowrap: true,
      cell: (bid) =>
        `${bid.stats.wins}/${bid.stats.losses}${bid.stats.rating == null ? "" : ` · ${bid.stats.rating.toFixed(1)}★`}`,
    },
    {
      id: "bid",
      header: "Bid",
      sortField: "AMOUNT",
      cell: (bid) => (
        <Box
          component="span"
          sx={{ fontWeight: 600, textDecoration: bid.status === "folded" ? "line-through" : undefined }}
        >
          {formatDollars(bid.amount)}
        </Box>
      ),
    },
    { id: "action", header: "Action", cell: (bid) => <BidAction bid={bid} {...actions} /> },
  ];
}

interface BidderRowProps {
  bid: BidderRow_bid$key;
  columns: readonly Column<Bid, BidderSortField>[];
}

/** One bidder on the bidders page. */
export function BidderRow({ bid: key, columns }: BidderRowProps) {
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
  return <DataRow columns={columns} row={bid} />;
}
