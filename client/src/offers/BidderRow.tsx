import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { formatDollars } from "../../../common/money.ts";
import type { LaneRatesView } from "../../../common/scorecards.ts";
import { PerMileCell } from "../scorecards/PerMileCell.tsx";
import { TierChip } from "../scorecards/TierChip.tsx";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { BidderRow_bid$data, BidderRow_bid$key } from "./__generated__/BidderRow_bid.graphql";
import { dateTimeText } from "./money.ts";
import type { BidderSortField } from "./offer-lists.ts";

type Bid = BidderRow_bid$data;

interface BidderActions {
  /** The offer still takes a winner. */
  open: boolean;
  /** The offer's lane rates: a bid far outside them is flagged. */
  lane?: LaneRatesView | null;
  onNotify(bid: Bid): void;
  /** Counter the bid: the dialog with amount and note. */
  onCounter(bid: Bid): void;
}

const COUNTER_STATE_TEXT: Record<string, string> = {
  open: "open",
  accepted: "accepted",
  declined: "declined",
  superseded: "superseded by a new bid",
  expired: "expired",
  closed: "closed",
};

/** The bid's newest counter-offer, as a line under the amount; an open one past its time reads expired. */
function CounterLine({ bid }: { bid: Bid }) {
  const counter = bid.counter;
  if (!counter) return null;
  const state =
    counter.status === "open" && Date.parse(counter.expiresAt) <= Date.now() ? "expired" : counter.status;
  return (
    <Typography
      variant="caption"
      component="div"
      color={state === "open" ? "secondary" : "text.secondary"}
      data-testid="bid-counter"
    >
      Counter {formatDollars(counter.amount)} · {COUNTER_STATE_TEXT[state] ?? state}
      {state === "open" ? ` until ${dateTimeText(counter.expiresAt)}` : ""}
    </Typography>
  );
}

/** Action: 'Notify Winner', 'Notified' (the winner), 'Loser' or 'Folded'. */
function BidAction({ bid, open, onNotify, onCounter }: BidderActions & { bid: Bid }) {
  if (bid.status === "winner")
    return <Typography sx={{ color: "success.dark", fontWeight: 700 }}>Notified</Typography>;
  if (bid.status === "loser") return <Typography color="text.secondary">Loser</Typography>;
  if (bid.status === "folded") return <Typography color="text.secondary">Folded</Typography>;
  const countered = bid.counter?.status === "open" && Date.parse(bid.counter.expiresAt) > Date.now();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      <Button size="small" variant="contained" disabled={!open} onClick={() => onNotify(bid)}>
        Notify Winner
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={!open || countered}
        onClick={() => onCounter(bid)}
        aria-label={`Counter ${bid.carrierName}'s bid of ${formatDollars(bid.amount)}`}
      >
        Counter
      </Button>
    </Stack>
  );
}

/**
 * Spec section 2: the bidders' columns, in order (Rate stays a dash); issue #29 adds the bidder's
 * Tier (instead of the win-percentage stars) and the bid's $/mile, flagged against the lane.
 */
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
    { id: "tier", header: "Tier", cell: (bid) => <TierChip tier={bid.bidderScorecard.tier} /> },
    { id: "rate", header: "Rate", cell: () => "-" },
    {
      id: "record",
      header: "Bids Won/Lost",
      nowrap: true,
      cell: (bid) => `${bid.stats.wins}/${bid.stats.losses}`,
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
          <CounterLine bid={bid} />
        </Box>
      ),
    },
    {
      id: "perMile",
      header: "$/mile",
      cell: (bid) => <PerMileCell perMile={bid.ratePerMile} lane={actions.lane} />,
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
        counter {
          amount
          note
          status
          expiresAt
        }
        ratePerMile
        stats {
          wins
          losses
        }
        bidderScorecard {
          tier
          loads
          onTimePickupPct
          onTimeDeliveryPct
          tenderAcceptancePct
        }
        carrierCompliance {
          gateRequired
          mayTrade
          reasons
        }
      }
    `,
    key,
  );
  return <DataRow columns={columns} row={bid} />;
}
