import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Snackbar from "@mui/material/Snackbar";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useCallback, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { formatDollars } from "../../../common/money.ts";
import { roundEnds, TIMES_UP } from "../../../common/offers.ts";
import { useAddressList } from "../ui/list/useAddressList.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import { useLastShown } from "../ui/useLastShown.ts";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { BidderRow_bid$data } from "./__generated__/BidderRow_bid.graphql";
import type { BiddersPageQuery } from "./__generated__/BiddersPageQuery.graphql";
import { BidderRow, bidderColumns } from "./BidderRow.tsx";
import { ConfirmWinnerDialog } from "./ConfirmWinnerDialog.tsx";
import { failureText } from "./failure-text.ts";
import { laneText } from "./lane.ts";
import { dateTimeText } from "./money.ts";
import { OfferStatusChip } from "./OfferStatusChip.tsx";
import { BIDDER_LIST } from "./offer-lists.ts";
import { RoundEnds } from "./RoundEnds.tsx";
import { TenderCard } from "./TenderCard.tsx";
import { useConfirmWinnerMutation } from "./useConfirmWinnerMutation.ts";
import { useSetOfferStatusMutation, useStartOfferRoundMutation } from "./useOfferAdminMutations.ts";
import { OfferLiveUpdates } from "./useOfferBidChangedSubscription.ts";

interface BiddersPageProps {
  loadId: string;
  fetchKey: number;
}

export function BiddersPage({ loadId, fetchKey }: BiddersPageProps) {
  const [liveKey, setLiveKey] = useState(0);
  const list = useAddressList(BIDDER_LIST);
  const data = useLazyLoadQuery<BiddersPageQuery>(
    graphql`
      query BiddersPageQuery($loadId: String!, $orderBy: BidderOrder, $page: Int) {
        offerByLoadId(loadId: $loadId) {
          id
          loadId
          status
          startDateTime
          originCity
          originState
          destinationCity
          destinationState
          equipmentType
          distance
          bestOffer
          targetRate
          roundEndsAt
          roundNumber
          roundMinutes
        }
        offerBidders(filter: { loadId: $loadId }, orderBy: $orderBy, page: $page, pageSize: 50) {
          ...usePagedList_page
          edges {
            node {
              id
              ...BidderRow_bid
            }
          }
        }
      }
    `,
    { loadId, orderBy: list.criteria.sort, page: list.criteria.page },
    { fetchPolicy: "store-and-network", fetchKey: `${fetchKey}-${liveKey}` },
  );
  const offer = data.offerByLoadId;
  const shown = useMemo(
    () => new Set(data.offerBidders.edges.map((edge) => edge.node.id)),
    [data.offerBidders.edges],
  );
  const handleBid = useCallback(
    (bidId: string) => {
      if (!shown.has(bidId)) setLiveKey((key) => key + 1);
    },
    [shown],
  );
  const [chosen, setChosen] = useState<BidderRow_bid$data | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const shownNotice = useLastShown(notice);
  const [roundMinutes, setRoundMinutes] = useState(30);
  const [confirm, confirming] = useConfirmWinnerMutation();
  const [startRound, roundInFlight] = useStartOfferRoundMutation();
  const [setStatus, statusInFlight] = useSetOfferStatusMutation();
  const busy = roundInFlight || statusInFlight;
  const open = offer?.status === "active";
  const columns = useMemo(() => bidderColumns({ open, onNotify: setChosen }), [open]);
  const bidders = data.offerBidders;
  list.answered(bidders);

  if (!offer) {
    return (
      <Alert severity="warning" role="alert">
        No offer was found for load {loadId}.
      </Alert>
    );
  }
  const live = <OfferLiveUpdates offerId={offer.id} onBid={handleBid} />;
  const roundOver = roundEnds(offer.roundEndsAt) === TIMES_UP;
  const handleConfirm = (bid: BidderRow_bid$data) => {
    setError(null);
    confirm(
      { input: { offerId: offer.id, bidId: bid.id } },
      {
        onSuccess: () => {
          setChosen(null);
          setNotice(`${bid.carrierName} was confirmed as the winner of load ${offer.loadId}.`);
          setLiveKey((key) => key + 1);
        },
        onFailure: (failure) => setError(failureText(failure)),
      },
    );
  };
  const route = laneText(offer);
  return (
    <>
      {live}
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 2, display: "flex", flexWrap: "wrap", gap: 3, alignItems: "center" }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary">
            Route
          </Typography>
          <Typography>{route}</Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Start
          </Typography>
          <Typography>{dateTimeText(offer.startDateTime)}</Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Best offer
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatDollars(offer.bestOffer)}</Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Target rate
          </Typography>
          <Typography>{formatDollars(offer.targetRate)}</Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            Rounds Ends
          </Typography>
          {open ? (
            <RoundEnds roundEndsAt={offer.roundEndsAt} roundNumber={offer.roundNumber} showCloseTime />
          ) : null}
        </Box>
        <OfferStatusChip status={offer.status} roundEndsAt={offer.roundEndsAt} />
        {open && roundOver ? (
          <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            <TextField
              size="small"
              type="number"
              label="Minutes"
              value={roundMinutes}
              onChange={(event) => setRoundMinutes(Number(event.target.value))}
              slotProps={{ htmlInput: { min: 1, max: 10080 } }}
              sx={{ width: 100 }}
            />
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                startRound(
                  { input: { offerId: offer.id, roundMinutes } },
                  {
                    onSuccess: () => setNotice(`Round ${offer.roundNumber + 1} started.`),
                    onFailure: (failure) => setNotice(failureText(failure)),
                  },
                )
              }
            >
              Start round {offer.roundNumber + 1}
            </Button>
          </Box>
        ) : null}
        {open ? (
          <Button
            color="error"
            disabled={busy}
            onClick={() =>
              setStatus(
                { input: { offerId: offer.id, status: "cancelled" } },
                {
                  onSuccess: () => setNotice("The offer was cancelled and the bidders told."),
                  onFailure: (failure) => setNotice(failureText(failure)),
                },
              )
            }
          >
            Cancel offer
          </Button>
        ) : null}
      </Paper>
      <TenderCard key={`${offer.loadId}-tender`} loadId={offer.loadId} operator />
      <DataTable
        label="Bidders"
        columns={columns}
        empty="No bidders found."
        minWidth={720}
        {...list.tableOf(bidders, { label: "Bidders pages" })}
      >
        {bidders.edges.map((edge) => (
          <BidderRow key={edge.node.id} bid={edge.node} columns={columns} />
        ))}
      </DataTable>
      <HistoryPanel
        key={`${offer.id}-${offer.status}-${offer.roundNumber}`}
        entityType="Offer"
        entityId={offer.id}
      />
      <ConfirmWinnerDialog
        bid={chosen}
        offer={{
          loadId: offer.loadId,
          route,
          startDateTime: offer.startDateTime,
          equipmentType: offer.equipmentType ?? null,
          distance: offer.distance ?? null,
        }}
        busy={confirming}
        error={error}
        onCancel={() => {
          setChosen(null);
          setError(null);
        }}
        onConfirm={handleConfirm}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        message={shownNotice}
      />
    </>
  );
}
