import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useMemo, useState } from "react";
import { graphql } from "react-relay";
import { BOOK_NOW_MESSAGES } from "../../../common/booking.ts";
import { BID_MESSAGES } from "../../../common/offers.ts";
import { useBidBlock } from "../compliance/useBidBlock.ts";
import { untilOpened } from "../ui/deferred.tsx";
import { readPage } from "../ui/list/usePagedList.ts";
import { Dialog, Snackbar } from "../ui/overlays.ts";
import { useLastShown } from "../ui/useLastShown.ts";
import type { CarrierActiveOffersPageQuery } from "./__generated__/CarrierActiveOffersPageQuery.graphql";
import type { CarrierOfferRow_offer$data } from "./__generated__/CarrierOfferRow_offer.graphql";
import { CarrierOfferRow, carrierOfferColumns } from "./CarrierOfferRow.tsx";
import { failureText } from "./failure-text.ts";
import { OfferList, OpenOfferCount } from "./OfferList.tsx";
import { ACTIVE_OFFER_SORTS } from "./offer-lists.ts";
import { useFoldBidMutation, usePlaceBidMutation } from "./useBidMutations.ts";
import { useAnswerCounterMutations, useBookOfferMutation } from "./useBookingMutations.ts";
import { useLiveActiveOffers } from "./useLiveActiveOffers.ts";

// The bid, fold, booking and counter-offer dialogs load when first opened, not with the rows.
const PlaceBidDialog = untilOpened(async () => ({
  default: (await import("./PlaceBidDialog.tsx")).PlaceBidDialog,
}));
const BookNowDialog = untilOpened(async () => ({
  default: (await import("./BookNowDialog.tsx")).BookNowDialog,
}));
const CounterAnswerDialog = untilOpened(async () => ({
  default: (await import("./CounterAnswerDialog.tsx")).CounterAnswerDialog,
}));
const FoldedDialog = untilOpened(async () => ({
  default: (await import("./FoldedDialog.tsx")).FoldedDialog,
}));

interface CarrierActiveOffersPageProps {
  fetchKey: number;
}

export function CarrierActiveOffersPage({ fetchKey }: CarrierActiveOffersPageProps) {
  const { list, offers, data } = useLiveActiveOffers<CarrierActiveOffersPageQuery>(
    graphql`
      query CarrierActiveOffersPageQuery(
        $search: String
        $filter: OfferFilter
        $orderBy: ActiveOfferOrder
        $page: Int
      ) {
        activeOffers(
          search: $search
          filter: $filter
          orderBy: $orderBy
          page: $page
          pageSize: 50
        ) {
          ...usePagedList_page
          edges {
            node {
              id
              ...CarrierOfferRow_offer
            }
          }
        }
        myCompliance {
          ...useBidBlock_compliance
        }
      }
    `,
    fetchKey,
  );
  const bidBlock = useBidBlock(data.myCompliance);

  const [bidding, setBidding] = useState<CarrierOfferRow_offer$data | null>(null);
  const [folding, setFolding] = useState<CarrierOfferRow_offer$data | null>(null);
  const [folded, setFolded] = useState<{ loadId: string; bestOffer: number | null; myBid: number } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const shownNotice = useLastShown(notice);
  const shownFolded = useLastShown(folded);
  const [booking, setBooking] = useState<CarrierOfferRow_offer$data | null>(null);
  const [answering, setAnswering] = useState<CarrierOfferRow_offer$data | null>(null);
  const [dealError, setDealError] = useState<string | null>(null);
  const shownBooking = useLastShown(booking);
  const shownAnswering = useLastShown(answering);
  const [book, bookInFlight] = useBookOfferMutation();
  const counters = useAnswerCounterMutations();
  const [place, placing] = usePlaceBidMutation();
  const [fold, foldInFlight] = useFoldBidMutation();

  // Optimistic: the dialog closes and the row shows the bid at once; a refusal rolls the row back
  // and says why in the snackbar.
  const handleSubmitBid = (amount: number) => {
    if (!bidding) return;
    setBidding(null);
    place(bidding.id, amount, {
      onSuccess: () => setNotice(BID_MESSAGES.sent),
      // A refusal the server explained (a closed round, a bad amount) reads with its reason; no
      // usable answer at all reads as the generic failure.
      onFailure: (failure) =>
        setNotice(
          failure.typename ? `${BID_MESSAGES.unexpected} ${failureText(failure)}` : BID_MESSAGES.failed,
        ),
    });
  };
  const handleFold = () => {
    if (!folding) return;
    const target = folding;
    setFolding(null);
    fold(target.id, {
      onSuccess: (data) =>
        setFolded({
          loadId: target.loadId,
          myBid: data.bid.amount,
          bestOffer: data.offer.bestOffer ?? null,
        }),
      onFailure: (failure) => setNotice(failureText(failure)),
    });
  };
  const handleBook = () => {
    if (!booking) return;
    setDealError(null);
    book(booking.id, {
      onSuccess: (data) => {
        setBooking(null);
        setNotice(`Load ${data.offer.loadId}: ${BOOK_NOW_MESSAGES.booked}`);
      },
      onFailure: (failure) => setDealError(failureText(failure)),
    });
  };
  const answeredBid = answering?.myBid?.id ?? null;
  const handleAccept = () => {
    if (!answeredBid) return;
    setDealError(null);
    counters.accept(answeredBid, {
      onSuccess: (data) => {
        setAnswering(null);
        setNotice(
          `Counter-offer accepted: load ${data.offer.loadId} is yours. Accept the tender to confirm it.`,
        );
      },
      onFailure: (failure) => setDealError(failureText(failure)),
    });
  };
  const handleDecline = () => {
    if (!answeredBid) return;
    setDealError(null);
    counters.decline(answeredBid, {
      onSuccess: () => {
        setAnswering(null);
        setNotice("Counter-offer declined: your bid stands.");
      },
      onFailure: (failure) => setDealError(failureText(failure)),
    });
  };
  const columns = useMemo(
    () =>
      carrierOfferColumns({
        onBid: setBidding,
        onFold: setFolding,
        onBook: (offer) => {
          setDealError(null);
          setBooking(offer);
        },
        onCounter: (offer) => {
          setDealError(null);
          setAnswering(offer);
        },
      }),
    [],
  );
  return (
    <>
      <OfferList
        label="Active offers"
        list={list}
        answer={offers}
        sorts={ACTIVE_OFFER_SORTS}
        columns={columns}
        empty="No active offers right now."
        filtered
        summary={
          <OpenOfferCount
            count={readPage(offers).totalCount}
            note="New offers, best bids and rounds update live."
          />
        }
      >
        {offers.edges.map((edge) => (
          <CarrierOfferRow key={edge.node.id} offer={edge.node} columns={columns} />
        ))}
      </OfferList>
      <PlaceBidDialog
        open={bidding !== null}
        loadId={bidding?.loadId ?? ""}
        bestOffer={bidding?.bestOffer ?? null}
        myBid={bidding?.myBid?.status === "active" ? bidding.myBid.amount : null}
        busy={placing}
        blocked={bidBlock}
        onCancel={() => setBidding(null)}
        onSubmit={handleSubmitBid}
      />
      <Dialog open={folding !== null} onClose={() => setFolding(null)} aria-labelledby="fold-title">
        <DialogTitle id="fold-title">Fold on load {folding?.loadId}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your bid will be withdrawn and no longer count. You can bid again while the round is open.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFolding(null)}>Cancel</Button>
          <Button color="warning" variant="contained" disabled={foldInFlight} onClick={handleFold}>
            Fold
          </Button>
        </DialogActions>
      </Dialog>
      <BookNowDialog
        open={booking !== null}
        loadId={shownBooking?.loadId ?? ""}
        price={shownBooking?.bookNowPrice ?? null}
        busy={bookInFlight}
        error={dealError}
        onCancel={() => setBooking(null)}
        onConfirm={handleBook}
      />
      <CounterAnswerDialog
        open={answering !== null}
        loadId={shownAnswering?.loadId ?? ""}
        counter={shownAnswering?.myBid?.counter ?? null}
        myBid={shownAnswering?.myBid?.amount ?? null}
        busy={counters.busy}
        error={dealError}
        onCancel={() => setAnswering(null)}
        onAccept={handleAccept}
        onDecline={handleDecline}
      />
      <FoldedDialog
        open={folded !== null}
        loadId={shownFolded?.loadId ?? ""}
        bestOffer={shownFolded?.bestOffer ?? null}
        myBid={shownFolded?.myBid ?? null}
        onClose={() => setFolded(null)}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={shownNotice}
      />
    </>
  );
}
