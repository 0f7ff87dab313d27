import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDollars } from "../../../common/money.ts";
import { confirmDetailsPath } from "../lib/paths.ts";
import { useAddressList } from "../ui/list/useAddressList.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { HistoryWinsRouteQuery } from "./__generated__/HistoryWinsRouteQuery.graphql";
import { confirmEditableAt } from "./confirm-window.ts";
import { laneText } from "./lane.ts";
import { dateTimeText } from "./money.ts";
import { OfferList } from "./OfferList.tsx";
import { HISTORY_TEXTS, OfferScreen } from "./OfferScreen.tsx";
import { offerListVariables, WINS_LIST, WINS_SORTS, type WinsSortField } from "./offer-lists.ts";

type WonOffer = HistoryWinsRouteQuery["response"]["wonOffers"]["edges"][number]["node"];

function ConfirmationState({ offer }: { offer: WonOffer }) {
  const editable = confirmEditableAt(offer.startDateTime);
  const state = offer.detailsConfirmed ? "Confirmed" : editable ? "To confirm" : "Not confirmed";
  return (
    <>
      <Chip
        size="small"
        label={state}
        color={offer.detailsConfirmed ? "success" : editable ? "warning" : "default"}
        sx={{ mr: 1 }}
      />
      <Link component={RouterLink} to={confirmDetailsPath(offer.loadId)}>
        {editable ? "Confirm details" : "View"}
      </Link>
    </>
  );
}

const WINS_COLUMNS: readonly Column<WonOffer, WinsSortField>[] = [
  { id: "loadId", header: "Load ID", key: true, cell: (offer) => offer.loadId },
  { id: "route", header: "Route", cell: laneText },
  {
    id: "start",
    header: "Start Date/Time",
    sortField: "START_DATE_TIME",
    nowrap: true,
    cell: (offer) => dateTimeText(offer.startDateTime),
  },
  { id: "end", header: "End Date/Time", nowrap: true, cell: (offer) => dateTimeText(offer.endDateTime) },
  { id: "myBid", header: "My bid", cell: (offer) => formatDollars(offer.myBid?.amount) },
  {
    id: "won",
    header: "Won",
    sortField: "FINISHED_AT",
    nowrap: true,
    cell: (offer) => dateTimeText(offer.finishedAt),
  },
  { id: "details", header: "Details", cell: (offer) => <ConfirmationState offer={offer} /> },
];

function HistoryWinsPage({ fetchKey }: { fetchKey: number }) {
  const list = useAddressList(WINS_LIST);
  const { search, orderBy, page } = offerListVariables(WINS_LIST, list.criteria);
  const data = useLazyLoadQuery<HistoryWinsRouteQuery>(
    graphql`
      query HistoryWinsRouteQuery($search: String, $orderBy: WonOfferOrder, $page: Int) {
        wonOffers(search: $search, orderBy: $orderBy, page: $page, pageSize: 50) {
          ...usePagedList_page
          edges {
            node {
              id
              loadId
              originCity
              originState
              destinationCity
              destinationState
              startDateTime
              endDateTime
              finishedAt
              detailsConfirmed
              myBid {
                amount
              }
            }
          }
        }
      }
    `,
    { search, orderBy, page },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const wins = data.wonOffers;
  list.answered(wins);
  return (
    <OfferList
      label="History wins"
      list={list}
      answer={wins}
      sorts={WINS_SORTS}
      columns={WINS_COLUMNS}
      empty="You have not won a load yet."
    >
      {wins.edges.map(({ node: offer }) => (
        <DataRow key={offer.id} columns={WINS_COLUMNS} row={offer} href={confirmDetailsPath(offer.loadId)} />
      ))}
    </OfferList>
  );
}

/** /carrier/carrier-portal/history-wins: the loads the carrier won and their confirmation state. */
export default function HistoryWinsRoute() {
  return (
    <OfferScreen
      title="Carrier Portal / History Wins"
      subtitle="Loads you won: amount, dates and whether the truck and driver details are confirmed."
      texts={HISTORY_TEXTS}
      page={HistoryWinsPage}
    />
  );
}
