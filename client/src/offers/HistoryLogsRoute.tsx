import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import type { HistoryLogsRouteQuery } from "./__generated__/HistoryLogsRouteQuery.graphql";
import { biddersPath } from "./AdminOfferRow.tsx";
import { dateTimeText, usd } from "./money.ts";
import { equipmentEnumOf, OfferListToolbar } from "./OfferListToolbar.tsx";
import { OffersTable } from "./OffersTable.tsx";
import { ScreenBoundary } from "./ScreenBoundary.tsx";
import { orderByOf, useListCriteria } from "./useListCriteria.ts";

export const HISTORY_COLUMNS = [
  "Load ID",
  "Route",
  "Status",
  "Winner",
  "Winning Bid",
  "Bidders",
  "Rounds",
  "Opened",
  "Closed",
] as const;

const HISTORY_SORTS = [
  { value: "FINISHED_AT:desc", label: "Closed, newest first" },
  { value: "FINISHED_AT:asc", label: "Closed, oldest first" },
  { value: "START_DATE_TIME:desc", label: "Start date, latest" },
] as const;

function HistoryLogsPage({ fetchKey }: { fetchKey: number }) {
  const [criteria, update] = useListCriteria("FINISHED_AT:desc");
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
          totalCount
          pageCount
          page
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
    {
      search: criteria.search || null,
      filter: {
        originState: criteria.originState || null,
        destinationState: criteria.destinationState || null,
        equipmentType: equipmentEnumOf(criteria.equipmentType),
      },
      orderBy: orderByOf(criteria.sort),
      page: criteria.page,
    },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const history = data.offerHistory;
  return (
    <>
      <OfferListToolbar criteria={criteria} sorts={HISTORY_SORTS} onChange={update} />
      <OffersTable label="History logs" columns={HISTORY_COLUMNS} empty="No finished offers yet.">
        {history.edges.map(({ node: offer }) => (
          <TableRow key={offer.id} hover>
            <TableCell>
              <Link component={RouterLink} to={biddersPath(offer.loadId)} sx={{ fontWeight: 600 }}>
                {offer.loadId}
              </Link>
            </TableCell>
            <TableCell>
              {[offer.originCity, offer.originState].filter(Boolean).join(", ") || "—"} →{" "}
              {[offer.destinationCity, offer.destinationState].filter(Boolean).join(", ") || "—"}
            </TableCell>
            <TableCell>
              <Chip size="small" label={offer.status} color={offer.winnerBid ? "success" : "default"} />
            </TableCell>
            <TableCell>{offer.winnerBid?.carrierName ?? "—"}</TableCell>
            <TableCell>{usd(offer.winnerBid?.amount)}</TableCell>
            <TableCell>{offer.bidCount}</TableCell>
            <TableCell>{offer.roundNumber}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeText(offer.createdAt)}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeText(offer.finishedAt)}</TableCell>
          </TableRow>
        ))}
      </OffersTable>
      <Box sx={{ mt: 2 }}>
        <PageNumbers
          page={history.page}
          pageCount={history.pageCount}
          label="History pages"
          onPage={(page) => update({ page })}
        />
      </Box>
    </>
  );
}

/** /admin/carrier-portal/history-logs: every finished or cancelled offer and how it ended. */
export default function HistoryLogsRoute() {
  return (
    <>
      <PageTitle subtitle="Finished and cancelled offers: winner, winning bid, bidders, rounds and timeline.">
        Carrier Portal / History Logs
      </PageTitle>
      <ScreenBoundary errorMessage="The history could not be loaded." loadingLabel="Loading history...">
        {(fetchKey) => <HistoryLogsPage fetchKey={fetchKey} />}
      </ScreenBoundary>
    </>
  );
}
