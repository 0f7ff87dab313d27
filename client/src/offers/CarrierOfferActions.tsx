import { useState } from "react";
import { BOOK_NOW_MESSAGES } from "../../../common/booking.ts";
import { BID_MESSAGES } from "../../../common/offers.ts";
import type { useBidBlock_compliance$key } from "../compliance/__generated__/useBidBlock_compliance.graphql";
import { useBidBlock } from "../compliance/useBidBlock.ts";
import { Snackbar } from "../ui/overlays.ts";
import { useLastShown } from "../ui/useLastShown.ts";
import type { CarrierOfferRow_offer$data } from "./__generated__/CarrierOfferRow_offer.graphql";
import { BookNowDialog } from "./BookNowDialog.tsx";
import { CounterAnswerDialog } from "./CounterAnswerDialog.tsx";
import { FoldBidDialog } from "./FoldBidDialog.tsx";
import { FoldedDialog } from "./FoldedDialog.tsx";
import { failureText } from "./failure-text.ts";
import { PlaceBidDialog } from "./PlaceBidDialog.tsx";
import { useFoldBidMutation, usePlaceBidMutation } from "./useBidMutations.ts";
import { useAnswerCounterMutations, useBookOfferMutation } from "./useBookingMutations.ts";

type Offer = CarrierOfferRow_offer$data | null;

export interface CarrierOfferActionsProps {
  compliance: useBidBlock_compliance$key | null;
  /** The offer whose bid, fold, Book Now or counter-offer dialog is open (the page's rows open them). */
  bidding: Offer;
  folding: Offer;
  booking: Offer;
  answering: Offer;
  setBidding(offer: Offer): void;
  setFolding(offer: Offer): void;
  setBooking(offer: Offer): void;
  setAnswering(offer: Offer): void;
}

/**
 * The carrier's actions on an active offer: the bid, fold, Book Now and counter-offer dialogs, the
 * mutations they send and what they say after. Not part of the first screen (issue 27): the page
 * loads this module when an action is first opened, or once the first screen is up and idle.
 */
export function CarrierOfferActions({
  compliance,
  bidding,
  folding,
  booking,
  answering,
  setBidding,
  setFolding,
  setBooking,
  setAnswering,
}: CarrierOfferActionsProps) {
  const bidBlock = useBidBlock(compliance);

  const [folded, setFolded] = useState<{ loadId: string; bestOffer: number | null; myBid: number } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const shownNotice = useLastShown(notice);
  const shownFolded = useLastShown(folded);
  const [dealError, setDealError] = useState<string | null>(null);
  // A booking or counter-offer dialog opens with no error from the last one.
  const opened = booking ?? answering;
  const [errorOf, setErrorOf] = useState(opened);
  if (errorOf !== opened) {
    setErrorOf(opened);
    if (opened) setDealError(null);
  }
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
  return (
    <>
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
      <FoldBidDialog
        open={folding !== null}
        loadId={folding?.loadId ?? ""}
        busy={foldInFlight}
        onCancel={() => setFolding(null)}
        onFold={handleFold}
      />
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
