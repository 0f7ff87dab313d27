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
import { formatPerMile } from "../../../common/scorecards.ts";
import { LaneRatesSummary } from "../scorecards/LaneRatesSummary.tsx";
import { useAddressList } from "../ui/list/useAddressList.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import { useLastShown } from "../ui/useLastShown.ts";
import { HistoryPanel } from "../workspace/HistoryPanel.tsx";
import type { BidderRow_bid$data } from "./__generated__/BidderRow_bid.graphql";
import type { BiddersPageQuery } from "./__generated__/BiddersPageQuery.graphql";
import { AwardRuleSummary } from "./AwardRuleSummary.tsx";
import { BidderRow, bidderColumns } from "./BidderRow.tsx";
import { ConfirmWinnerDialog } from "./ConfirmWinnerDialog.tsx";
import { CounterBidDialog } from "./CounterBidDialog.tsx";
import { failureText } from "./failure-text.ts";
import { laneText } from "./lane.ts";
import { dateTimeText } from "./money.ts";
import { OfferStatusChip } from "./OfferStatusChip.tsx";
import { BIDDER_LIST } from "./offer-lists.ts";
import { RoundEnds } from "./RoundEnds.tsx";
import { TenderCard } from "./TenderCard.tsx";
import { useCounterBidMutation } from "./useBookingMutations.ts";
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
          ...AwardRuleSummary_offer
          bestOfferPerMile
          laneRates {
            count
            medianPerMile
            p25PerMile
            p75PerMile
          }
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
  const lane = offer?.laneRates ?? null;
  const [countering, setCountering] = useState<BidderRow_bid$data | null>(null);
  const [counterError, setCounterError] = useState<string | null>(null);
  const [counterFields, setCounterFields] = useState<Record<string, string>>({});
  const shownCountering = useLastShown(countering);
  const [counter, counterInFlight] = useCounterBidMutation();
  const columns = useMemo(
    () =>
      bidderColumns({
        open,
        lane,
        onNotify: setChosen,
        onCounter: (bid) => {
          setCounterError(null);
          setCounterFields({});
          setCountering(bid);
        },
      }),
    [open, lane],
  );
  const handleCounter = (amount: number, note: string | null) => {
    if (!countering) return;
    const target = countering;
    setCounterError(null);
    counter(target.id, amount, note, {
      onSuccess: () => {
        setCountering(null);
        setNotice(`Counter-offer sent to ${target.carrierName}.`);
      },
      onFailure: (failure) => {
        setCounterFields(failure.kind === "http" ? failure.fields : {});
        setCounterError(failureText(failure));
      },
    });
  };
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
  // Round 0 is the waterfall's (closed to bids): no round clock to run out, no round to start yet.
  const inWaterfall = open && offer.roundNumber === 0;
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
          <Typography sx={{ fontWeight: 700 }}>
            {formatDollars(offer.bestOffer)}
            {offer.bestOfferPerMile == null ? "" : ` (${formatPerMile(offer.bestOfferPerMile)})`}
          </Typography>
        </Box>
        <LaneRatesSummary rates={lane} />
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
          {open && !inWaterfall ? (
            <RoundEnds roundEndsAt={offer.roundEndsAt} roundNumber={offer.roundNumber} showCloseTime />
          ) : null}
          <AwardRuleSummary offer={offer} />
        </Box>
        <OfferStatusChip
          status={offer.status}
          roundEndsAt={offer.roundEndsAt}
          roundNumber={offer.roundNumber}
        />
        {open && roundOver && !inWaterfall ? (
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
      <CounterBidDialog
        bid={countering ? shownCountering : null}
        busy={counterInFlight}
        error={counterError}
        fieldErrors={counterFields}
        onCancel={() => setCountering(null)}
        onSubmit={handleCounter}
      />
      <ConfirmWinnerDialog
        bid={chosen}
        offer={{
          loadId: offer.loadId,
          route,
          startDateTime: offer.startDateTime,
          equipmentType: offer.equipmentType ?? null,
          distance: offer.distance ?? null,
          lane,
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
