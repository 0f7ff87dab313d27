import Chip from "@mui/material/Chip";
import { roundEnds, TIMES_UP } from "../../../common/offers.ts";
import { useRoundClock } from "./RoundEnds.tsx";

interface OfferStatusChipProps {
  status: string;
  roundEndsAt: string;
  /** Round 0: the offer's waterfall runs (closed to bids, no round clock). */
  roundNumber?: number;
}

/**
 * The offer's status beside its round: an active offer whose round has run out is waiting for the
 * operator (a winner or another round), so it is not shown as a green "active".
 */
export function OfferStatusChip({ status, roundEndsAt, roundNumber }: OfferStatusChipProps) {
  const now = useRoundClock(roundEndsAt);
  if (status !== "active") return <Chip label={status} />;
  if (roundNumber === 0) return <Chip label="waterfall running" color="info" variant="outlined" />;
  return roundEnds(roundEndsAt, now) === TIMES_UP ? (
    <Chip label="round over" color="warning" variant="outlined" />
  ) : (
    <Chip label="active" color="success" />
  );
}
