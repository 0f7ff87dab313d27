import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { bookNowLabel } from "../../../common/booking.ts";
import { formatDollars } from "../../../common/money.ts";
import { BID_RANK_TEXTS } from "../../../common/offer-board.ts";
import { roundEnds, TIMES_UP } from "../../../common/offers.ts";
import { PerMileNote } from "../scorecards/PerMileNote.tsx";
import { deferredUntil } from "../ui/deferred.tsx";
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
  /** Book Now: the confirm dialog for the offer's Book Now price. */
  onBook(offer: Offer): void;
  /** The open counter-offer on the carrier's bid: Accept / Decline. */
  onCounter(offer: Offer): void;
}

/** The open counter-offer on the carrier's own bid (open and not past its expiry), or null. */
export function openCounterOf(offer: Offer, now = Date.now()) {
  const counter = offer.myBid?.counter;
  if (offer.status !== "active" || counter?.status !== "open") return null;
  return Date.parse(counter.expiresAt) > now ? counter : null;
}

/** 'Book Now $X' while the round is open, and the open counter-offer with its answer. */
function OfferDealsCell({
  offer,
  onBook,
  onCounter,
}: { offer: Offer } & Pick<OfferActions, "onBook" | "onCounter">) {
  const now = useRoundClock(offer.roundEndsAt);
  const open = offer.status === "active" && roundEnds(offer.roundEndsAt, now) !== TIMES_UP;
  const counter = openCounterOf(offer, now);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      {offer.bookNowPrice != null && open ? (
        <Button
          size="small"
          variant="contained"
          color="success"
          onClick={() => onBook(offer)}
          sx={{ whiteSpace: "nowrap" }}
        >
          {bookNowLabel(formatDollars(offer.bookNowPrice))}
        </Button>
      ) : null}
      {counter ? (
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          onClick={() => onCounter(offer)}
          aria-label={`Counter ${formatDollars(counter.amount)} on ${offer.loadId}: accept or decline`}
          sx={{ whiteSpace: "nowrap" }}
        >
          Counter {formatDollars(counter.amount)}
        </Button>
      ) : null}
    </Stack>
  );
}

// A waterfall turn is rare: its actions, their mutations and texts load with the first row that has one.
const WaterfallTurnActions = deferredUntil(
  async () => ({ default: (await import("./WaterfallTurnActions.tsx")).WaterfallTurnActions }),
  () => true,
);

/** 'My bid': the carrier's bid (or 'Place your bid') while the round is open. */
function MyBidCell({ offer, onBid }: { offer: Offer; onBid(offer: Offer): void }) {
  if (offer.waterfallTurnEndsAt) {
    return (
      <WaterfallTurnActions
        offerId={offer.id}
        loadId={offer.loadId}
        turnEndsAt={offer.waterfallTurnEndsAt}
        rate={offer.waterfallRate ?? null}
      />
    );
  }
  return <BidButton offer={offer} onBid={onBid} />;
}

function BidButton({ offer, onBid }: { offer: Offer; onBid(offer: Offer): void }) {
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
    <>
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
      {offer.myBidRank ? (
        <Typography
          variant="caption"
          component="div"
          color={offer.myBidRank === "lowest" ? "success.dark" : "text.secondary"}
        >
          {BID_RANK_TEXTS[offer.myBidRank as keyof typeof BID_RANK_TEXTS]}
        </Typography>
      ) : null}
    </>
  );
}

const place = (city?: string | null, state?: string | null) =>
  [city, state].filter(Boolean).join(", ") || "—";

/** Spec section 2: the carrier's Active Offers columns, in order. */
export function carrierOfferColumns({
  onBid,
  onFold,
  onBook,
  onCounter,
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
      cell: (offer) => (
        <>
          <strong>{formatDollars(offer.bestOffer)}</strong>
          <PerMileNote perMile={offer.bestOfferPerMile} />
        </>
      ),
    },
    {
      id: "roundEnds",
      header: "Rounds Ends",
      sortField: "ROUND_ENDS_AT",
      // In a waterfall turn the clock that matters to the carrier is the turn's.
      cell: (offer) => (
        <RoundEnds
          roundEndsAt={offer.waterfallTurnEndsAt ?? offer.roundEndsAt}
          roundNumber={offer.roundNumber}
          showCloseTime
        />
      ),
    },
    { id: "myBid", header: "My bid", cell: (offer) => <MyBidCell offer={offer} onBid={onBid} /> },
    {
      id: "actions",
      header: "Actions",
      // Book Now and an open counter sit with Fold: a column of their own pushed Fold off a laptop screen.
      cell: (offer) => (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
          <OfferDealsCell offer={offer} onBook={onBook} onCounter={onCounter} />
          <Button
            size="small"
            color="warning"
            disabled={!(offer.status === "active" && offer.myBid?.status === "active")}
            onClick={() => onFold(offer)}
          >
            Fold
          </Button>
        </Box>
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
        bestOfferPerMile
        roundEndsAt
        roundNumber
        status
        bookNowPrice
        waterfallTurnEndsAt
        waterfallRate
        myBid {
          id
          amount
          status
          counter {
            amount
            note
            status
            expiresAt
          }
        }
        myBidRank
      }
    `,
    key,
  );
  // The board shows what can still be bid on: a row leaves when its round is over (the server's
  // list no longer has it either; a new round brings it back). A waterfall turn runs on its own clock.
  const now = useRoundClock(offer.roundEndsAt);
  const roundOver = offer.status === "active" && roundEnds(offer.roundEndsAt, now) === TIMES_UP;
  if (roundOver && !offer.waterfallTurnEndsAt) return null;
  return <DataRow columns={columns} row={offer} />;
}
