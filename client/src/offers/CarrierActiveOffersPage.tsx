import Box from "@mui/material/Box";
import { lazy, Suspense, useMemo, useState } from "react";
import { graphql } from "react-relay";
import { warmable } from "../ui/deferred.tsx";
import { Loading } from "../ui/Loading.tsx";
import { readPage } from "../ui/list/usePagedList.ts";
import type { CarrierActiveOffersPageQuery } from "./__generated__/CarrierActiveOffersPageQuery.graphql";
import type { CarrierOfferRow_offer$data } from "./__generated__/CarrierOfferRow_offer.graphql";
import { CarrierOfferRow, carrierOfferColumns } from "./CarrierOfferRow.tsx";
import { OfferList, OpenOfferCount } from "./OfferList.tsx";
import { ACTIVE_OFFER_SORTS } from "./offer-lists.ts";
import { useLiveActiveOffers } from "./useLiveActiveOffers.ts";

// The bid, fold, booking and counter-offer dialogs, their mutations and texts load when an action is
// first opened (or once the first screen is idle: `warmable`), not with the rows.
const CarrierOfferActions = lazy(
  warmable(async () => ({ default: (await import("./CarrierOfferActions.tsx")).CarrierOfferActions })),
);

/** While the actions' code comes: the app's loading status over the screen, where the dialog will open. */
function ActionPending() {
  return (
    <Box
      sx={{
        position: "fixed",
        inset: 0,
        zIndex: "modal",
        display: "grid",
        placeItems: "center",
        pointerEvents: "none",
      }}
    >
      <Box sx={{ bgcolor: "background.paper", borderRadius: 2, boxShadow: 8, px: 3 }}>
        <Loading />
      </Box>
    </Box>
  );
}

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
  const [bidding, setBidding] = useState<CarrierOfferRow_offer$data | null>(null);
  const [folding, setFolding] = useState<CarrierOfferRow_offer$data | null>(null);
  const [booking, setBooking] = useState<CarrierOfferRow_offer$data | null>(null);
  const [answering, setAnswering] = useState<CarrierOfferRow_offer$data | null>(null);
  // The actions' code comes when one is first opened (its loader is warmed once the screen is idle).
  const [actionsWanted, setActionsWanted] = useState(false);
  if (!actionsWanted && (bidding ?? folding ?? booking ?? answering)) setActionsWanted(true);

  const columns = useMemo(
    () =>
      carrierOfferColumns({
        onBid: setBidding,
        onFold: setFolding,
        onBook: setBooking,
        onCounter: setAnswering,
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
      {actionsWanted ? (
        <Suspense fallback={<ActionPending />}>
          <CarrierOfferActions
            compliance={data.myCompliance}
            bidding={bidding}
            folding={folding}
            booking={booking}
            answering={answering}
            setBidding={setBidding}
            setFolding={setFolding}
            setBooking={setBooking}
            setAnswering={setAnswering}
          />
        </Suspense>
      ) : null}
    </>
  );
}
