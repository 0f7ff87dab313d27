import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { formatDollars } from "../../../common/money.ts";
import { roundEnds, TIMES_UP } from "../../../common/offers.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type {
  CarrierOfferRow_offer$data,
  CarrierOfferRow_offer$key,
} from "./__generated__/CarrierOfferRow_offer.graphql";
import { dateTimeText } from "./money.ts";
import type { ActiveOfferSortField } from "./offer-lists.ts";
import { RoundEnds, useRoundClock } from "./RoundEnds.tsx";

type Offer = CarrierOfferRow_offer$data;

interface OfferActions {
  onBid(offer: Offer): void;
  onFold(offer: Offer): void;
}

/** 'My bid': the carrier's bid (or 'Place your bid') while the round is open. */
function MyBidCell({ offer, onBid }: { offer: Offer; onBid(offer: Offer): void }) {
  const now = useRoundClock(offer.roundEndsAt);
  const open = offer.status === "active" && roundEnds(offer.roundEndsAt, now) !== TIMES_UP;
  const bid = offer.myBid;
  // A folded bid no longer counts: the cell says so and offers a new bid, never "change it".
  const label = !bid
    ? `Place your bid on ${offer.loadId}`
    : bid.status === "folded"
      ? `Your ${formatDollars(bid.amount)} bid was withdrawn; place a new bid on ${offer.loadId}`
      : `My bid ${formatDollars(bid.amount)}, change it`;
  return (
    <Button
      size="small"
      variant={bid?.status === "active" ? "text" : "outlined"}
      disabled={!open}
      onClick={() => onBid(offer)}
      aria-label={label}
      sx={{ fontWeight: 600, whiteSpace: "nowrap" }}
    >
      {!bid ? "Place your bid" : bid.status === "folded" ? "Folded · bid again" : formatDollars(bid.amount)}
    </Button>
  );
}

const place = (city?: string | null, state?: string | null) =>
  [city, state].filter(Boolean).join(", ") || "—";

/** Spec section 2: the carrier's Active Offers columns, in order. */
export function carrierOfferColumns({
  onBid,
  onFold,
}: OfferActions): readonly Column<Offer, ActiveOfferSortField>[] {
  return [
    {
      id: "loadId",
      header: "Load ID",
      key: true,
      cell: (offer) => (
        <>
          <strong>{offer.loadId}</strong>
          <Typography variant="caption" color="text.secondary" component="div">
            {offer.equipmentType}
            {offer.distance !== null ? ` · ${offer.distance} mi` : ""}
          </Typography>
        </>
      ),
    },
    {
      id: "start",
      header: "Start Date/Time",
      sortField: "START_DATE_TIME",
      nowrap: true,
      cell: (offer) => dateTimeText(offer.startDateTime),
    },
    { id: "stops", header: "Stops", cell: (offer) => offer.stops },
    { id: "origin", header: "Origin City", cell: (offer) => place(offer.originCity, offer.originState) },
    {
      id: "destination",
      header: "Destination City",
      cell: (offer) => place(offer.destinationCity, offer.destinationState),
    },
    {
      id: "bestBid",
      header: "Best bid",
      sortField: "BEST_OFFER",
      cell: (offer) => <strong>{formatDollars(offer.bestOffer)}</strong>,
    },
    {
      id: "roundEnds",
      header: "Rounds Ends",
      sortField: "ROUND_ENDS_AT",
      cell: (offer) => (
        <RoundEnds roundEndsAt={offer.roundEndsAt} roundNumber={offer.roundNumber} showCloseTime />
      ),
    },
    { id: "myBid", header: "My bid", cell: (offer) => <MyBidCell offer={offer} onBid={onBid} /> },
    {
      id: "actions",
      header: "Actions",
      cell: (offer) => (
        <Button
          size="small"
          color="warning"
          disabled={!(offer.status === "active" && offer.myBid?.status === "active")}
          onClick={() => onFold(offer)}
        >
          Fold
        </Button>
      ),
    },
  ];
}

interface CarrierOfferRowProps {
  offer: CarrierOfferRow_offer$key;
  columns: readonly Column<Offer, ActiveOfferSortField>[];
}

/** One offer a carrier may bid on: the spec's carrier columns, its own bid, and Fold. */
export function CarrierOfferRow({ offer: key, columns }: CarrierOfferRowProps) {
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
  return <DataRow columns={columns} row={offer} />;
}
