import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Snackbar from "@mui/material/Snackbar";
import { useCallback, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { BID_MESSAGES } from "../../../common/offers.ts";
import { usePagedList } from "../ui/list/usePagedList.ts";
import type { CarrierActiveOffersPageQuery } from "./__generated__/CarrierActiveOffersPageQuery.graphql";
import type { CarrierOfferRow_offer$data } from "./__generated__/CarrierOfferRow_offer.graphql";
import { ActiveOffersList } from "./ActiveOffersList.tsx";
import { ACTIVE_OFFER_LIST, activeOfferVariables } from "./active-offer-list.ts";
import { CarrierOfferRow, carrierOfferColumns } from "./CarrierOfferRow.tsx";
import { FoldedDialog } from "./FoldedDialog.tsx";
import { failureText } from "./failure-text.ts";
import { PlaceBidDialog } from "./PlaceBidDialog.tsx";
import { useFoldBidMutation, usePlaceBidMutation } from "./useBidMutations.ts";
import { useOfferChangedSubscription } from "./useOfferChangedSubscription.ts";

interface CarrierActiveOffersPageProps {
  fetchKey: number;
}

export function CarrierActiveOffersPage({ fetchKey }: CarrierActiveOffersPageProps) {
  const [liveKey, setLiveKey] = useState(0);
  const [pageCount, setPageCount] = useState(1);
  // The query follows the address: a change re-renders with new variables (a router transition).
  const list = usePagedList(ACTIVE_OFFER_LIST, { refetch: () => {}, pageCount });
  const { criteria } = list;
  const data = useLazyLoadQuery<CarrierActiveOffersPageQuery>(
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
          totalCount
          pageCount
          page
          edges {
            node {
              id
              ...CarrierOfferRow_offer
            }
          }
        }
      }
    `,
    activeOfferVariables(criteria),
    { fetchPolicy: "store-and-network", fetchKey: `${fetchKey}-${liveKey}` },
  );
  const edges = data.activeOffers.edges;
  const shown = useMemo(() => new Set(edges.map((edge) => edge.node.id)), [edges]);
  const handleChanged = useCallback(
    (id: string, status: string) => {
      if (!shown.has(id) || status !== "active") setLiveKey((key) => key + 1);
    },
    [shown],
  );
  useOfferChangedSubscription(null, handleChanged);

  const [bidding, setBidding] = useState<CarrierOfferRow_offer$data | null>(null);
  const [bidError, setBidError] = useState<string | null>(null);
  const [folding, setFolding] = useState<CarrierOfferRow_offer$data | null>(null);
  const [folded, setFolded] = useState<{ loadId: string; bestOffer: number | null; myBid: number } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [place, placing] = usePlaceBidMutation();
  const [fold, foldInFlight] = useFoldBidMutation();

  const handleSubmitBid = (amount: number) => {
    if (!bidding) return;
    setBidError(null);
    place(
      { input: { offerId: bidding.id, amount } },
      {
        onSuccess: () => {
          setBidding(null);
          setNotice(BID_MESSAGES.sent);
        },
        // A refusal the server explained (a closed round, a bad amount) reads with its reason; no
        // usable answer at all reads as the generic failure.
        onFailure: (failure) =>
          setBidError(
            failure.typename ? `${BID_MESSAGES.unexpected} ${failureText(failure)}` : BID_MESSAGES.failed,
          ),
      },
    );
  };
  const handleFold = () => {
    if (!folding) return;
    const target = folding;
    fold(
      { input: { offerId: target.id } },
      {
        onSuccess: (data) => {
          setFolding(null);
          setFolded({
            loadId: target.loadId,
            myBid: data.bid.amount,
            bestOffer: data.offer.bestOffer ?? null,
          });
        },
        onFailure: (failure) => {
          setFolding(null);
          setNotice(failureText(failure));
        },
      },
    );
  };
  if (data.activeOffers.pageCount !== pageCount) setPageCount(data.activeOffers.pageCount);
  const columns = useMemo(
    () =>
      carrierOfferColumns({
        onBid: (offer) => {
          setBidError(null);
          setBidding(offer);
        },
        onFold: setFolding,
      }),
    [],
  );
  return (
    <>
      <ActiveOffersList
        list={list}
        answer={data.activeOffers}
        columns={columns}
        empty="No active offers right now."
        note="New offers, best bids and rounds update live."
      >
        {edges.map((edge) => (
          <CarrierOfferRow key={edge.node.id} offer={edge.node} columns={columns} />
        ))}
      </ActiveOffersList>
      <PlaceBidDialog
        open={bidding !== null}
        loadId={bidding?.loadId ?? ""}
        bestOffer={bidding?.bestOffer ?? null}
        myBid={bidding?.myBid?.status === "active" ? bidding.myBid.amount : null}
        busy={placing}
        error={bidError}
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
      <FoldedDialog
        open={folded !== null}
        loadId={folded?.loadId ?? ""}
        bestOffer={folded?.bestOffer ?? null}
        myBid={folded?.myBid ?? null}
        onClose={() => setFolded(null)}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={4000}
        onClose={() => setNotice(null)}
        message={notice ?? ""}
      />
    </>
  );
}
