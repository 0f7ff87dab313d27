import Button from "@mui/material/Button";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { roundEnds, TIMES_UP } from "../../../common/offers.ts";
import type {
  CarrierOfferRow_offer$data,
  CarrierOfferRow_offer$key,
} from "./__generated__/CarrierOfferRow_offer.graphql";
import { dateTimeText, usd } from "./money.ts";
import { RoundEnds, useRoundClock } from "./RoundEnds.tsx";

interface CarrierOfferRowProps {
  offer: CarrierOfferRow_offer$key;
  onBid(offer: CarrierOfferRow_offer$data): void;
  onFold(offer: CarrierOfferRow_offer$data): void;
}

/** One offer a carrier may bid on: the spec's carrier columns, its own bid, and Fold. */
export function CarrierOfferRow({ offer: key, onBid, onFold }: CarrierOfferRowProps) {
  const offer = useFragment(
    graphql`
      fragment CarrierOfferRow_offer on Offer {
        id
        loadId
        startDateTime
        stops
        originCity
        originState
        destinationCity
        destinationState
        equipmentType
        distance
        bestOffer
        roundEndsAt
        roundNumber
        status
        myBid {
          amount
          status
        }
      }
    `,
    key,
  );
  const now = useRoundClock(offer.roundEndsAt);
  const open = offer.status === "active" && roundEnds(offer.roundEndsAt, now) !== TIMES_UP;
  const folded = offer.myBid?.status === "folded";
  const canFold = offer.status === "active" && offer.myBid?.status === "active";
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 600 }}>
        {offer.loadId}
        <Typography variant="caption" color="text.secondary" component="div">
          {offer.equipmentType}
          {offer.distance !== null ? ` · ${offer.distance} mi` : ""}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeText(offer.startDateTime)}</TableCell>
      <TableCell>{offer.stops}</TableCell>
      <TableCell>{[offer.originCity, offer.originState].filter(Boolean).join(", ") || "—"}</TableCell>
      <TableCell>
        {[offer.destinationCity, offer.destinationState].filter(Boolean).join(", ") || "—"}
      </TableCell>
      <TableCell sx={{ fontWeight: 600 }}>{usd(offer.bestOffer)}</TableCell>
      <TableCell>
        <RoundEnds roundEndsAt={offer.roundEndsAt} roundNumber={offer.roundNumber} showCloseTime />
      </TableCell>
      <TableCell>
        <Button
          size="small"
          variant={offer.myBid ? "text" : "outlined"}
          disabled={!open}
          onClick={() => onBid(offer)}
          aria-label={
            offer.myBid ? `My bid ${usd(offer.myBid.amount)}, change it` : `Place your bid on ${offer.loadId}`
          }
          sx={{ textDecoration: folded ? "line-through" : undefined, fontWeight: 600 }}
        >
          {offer.myBid ? usd(offer.myBid.amount) : "Place your bid"}
        </Button>
      </TableCell>
      <TableCell>
        <Button size="small" color="warning" disabled={!canFold} onClick={() => onFold(offer)}>
          Fold
        </Button>
      </TableCell>
    </TableRow>
  );
}
