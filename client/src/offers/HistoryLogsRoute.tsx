import Chip from "@mui/material/Chip";
import { graphql, useLazyLoadQuery } from "react-relay";
import { formatDollars } from "../../../common/money.ts";
import { useAddressList } from "../ui/list/useAddressList.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { HistoryLogsRouteQuery } from "./__generated__/HistoryLogsRouteQuery.graphql";
import { biddersLinkColumn, biddersPath } from "./AdminOfferRow.tsx";
import { laneText } from "./lane.ts";
import { dateTimeText } from "./money.ts";
import { OfferList } from "./OfferList.tsx";
import { HISTORY_TEXTS, OfferScreen } from "./OfferScreen.tsx";
import { HISTORY_LIST, HISTORY_SORTS, type HistorySortField, offerListVariables } from "./offer-lists.ts";

type HistoryOffer = HistoryLogsRouteQuery["response"]["offerHistory"]["edges"][number]["node"];

const HISTORY_COLUMNS: readonly Column<HistoryOffer, HistorySortField>[] = [
  biddersLinkColumn(),
  { id: "route", header: "Route", cell: laneText },
  {
    id: "status",
    header: "Status",
    cell: (offer) => (
      <Chip size="small" label={offer.status} color={offer.winnerBid ? "success" : "default"} />
    ),
  },
  { id: "winner", header: "Winner", cell: (offer) => offer.winnerBid?.carrierName ?? "—" },
  { id: "winningBid", header: "Winning Bid", cell: (offer) => formatDollars(offer.winnerBid?.amount) },
  { id: "bidders", header: "Bidders", cell: (offer) => offer.bidCount },
  { id: "rounds", header: "Rounds", cell: (offer) => offer.roundNumber },
  {
    id: "opened",
    header: "Opened",
    sortField: "CREATED_AT",
    nowrap: true,
    cell: (offer) => dateTimeText(offer.createdAt),
  },
  {
    id: "closed",
    header: "Closed",
    sortField: "FINISHED_AT",
    nowrap: true,
    cell: (offer) => dateTimeText(offer.finishedAt),
  },
];

function HistoryLogsPage({ fetchKey }: { fetchKey: number }) {
  const list = useAddressList(HISTORY_LIST);
  const data = useLazyLoadQuery<HistoryLogsRouteQuery>(
    graphql`
      query HistoryLogsRouteQuery(
        $search: String
        $filter: OfferFilter
        $orderBy: OfferHistoryOrder
        $page: Int
      ) {
        offerHistory(
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
              loadId
              status
              originCity
              originState
              destinationCity
              destinationState
              bidCount
              roundNumber
              createdAt
              finishedAt
              winnerBid {
                carrierName
                amount
              }
            }
          }
        }
      }
    `,
    offerListVariables(HISTORY_LIST, list.criteria),
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const history = data.offerHistory;
  list.answered(history);
  return (
    <OfferList
      label="History logs"
      list={list}
      answer={history}
      sorts={HISTORY_SORTS}
      columns={HISTORY_COLUMNS}
      empty="No finished offers yet."
      filtered
    >
      {history.edges.map(({ node: offer }) => (
        <DataRow key={offer.id} columns={HISTORY_COLUMNS} row={offer} href={biddersPath(offer.loadId)} />
      ))}
    </OfferList>
  );
}

/** /admin/carrier-portal/history-logs: every finished or cancelled offer and how it ended. */
export default function HistoryLogsRoute() {
  return (
    <OfferScreen
      title="Carrier Portal / History Logs"
      subtitle="Finished and cancelled offers: winner, winning bid, bidders, rounds and timeline."
      texts={HISTORY_TEXTS}
      page={HistoryLogsPage}
    />
  );
}
