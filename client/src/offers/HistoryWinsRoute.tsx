import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { confirmDetailsPath } from "../lib/paths.ts";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import type { HistoryWinsRouteQuery } from "./__generated__/HistoryWinsRouteQuery.graphql";
import { confirmEditableAt } from "./confirm-window.ts";
import { dateTimeText, usd } from "./money.ts";
import { OfferListToolbar } from "./OfferListToolbar.tsx";
import { OffersTable } from "./OffersTable.tsx";
import { ScreenBoundary } from "./ScreenBoundary.tsx";
import { orderByOf, useListCriteria } from "./useListCriteria.ts";

export const WINS_COLUMNS = [
  "Load ID",
  "Route",
  "Start Date/Time",
  "End Date/Time",
  "My bid",
  "Won",
  "Details",
] as const;

const WINS_SORTS = [
  { value: "FINISHED_AT:desc", label: "Won, newest first" },
  { value: "START_DATE_TIME:asc", label: "Start date, earliest" },
] as const;

function HistoryWinsPage({ fetchKey }: { fetchKey: number }) {
  const [criteria, update] = useListCriteria("FINISHED_AT:desc");
  const data = useLazyLoadQuery<HistoryWinsRouteQuery>(
    graphql`
      query HistoryWinsRouteQuery($search: String, $orderBy: WonOfferOrder, $page: Int) {
        wonOffers(search: $search, orderBy: $orderBy, page: $page, pageSize: 50) {
          totalCount
          pageCount
          page
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
    {
      search: criteria.search || null,
      orderBy: orderByOf(criteria.sort, "FINISHED_AT"),
      page: criteria.page,
    },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const wins = data.wonOffers;
  return (
    <>
      <OfferListToolbar criteria={criteria} sorts={WINS_SORTS} showStates={false} onChange={update} />
      <OffersTable label="History wins" columns={WINS_COLUMNS} empty="You have not won a load yet.">
        {wins.edges.map(({ node: offer }) => {
          const editable = confirmEditableAt(offer.startDateTime);
          const state = offer.detailsConfirmed ? "Confirmed" : editable ? "To confirm" : "Not confirmed";
          return (
            <TableRow key={offer.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{offer.loadId}</TableCell>
              <TableCell>
                {[offer.originCity, offer.originState].filter(Boolean).join(", ") || "—"} →{" "}
                {[offer.destinationCity, offer.destinationState].filter(Boolean).join(", ") || "—"}
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeText(offer.startDateTime)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeText(offer.endDateTime)}</TableCell>
              <TableCell>{usd(offer.myBid?.amount)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeText(offer.finishedAt)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={state}
                  color={offer.detailsConfirmed ? "success" : editable ? "warning" : "default"}
                  sx={{ mr: 1 }}
                />
                <Link component={RouterLink} to={confirmDetailsPath(offer.loadId)}>
                  {editable ? "Confirm details" : "View"}
                </Link>
              </TableCell>
            </TableRow>
          );
        })}
      </OffersTable>
      <Box sx={{ mt: 2 }}>
        <PageNumbers
          page={wins.page}
          pageCount={wins.pageCount}
          label="History wins pages"
          onPage={(page) => update({ page })}
        />
      </Box>
    </>
  );
}

/** /carrier/carrier-portal/history-wins: the loads the carrier won and their confirmation state. */
export default function HistoryWinsRoute() {
  return (
    <>
      <PageTitle subtitle="Loads you won: amount, dates and whether the truck and driver details are confirmed.">
        Carrier Portal / History Wins
      </PageTitle>
      <ScreenBoundary errorMessage="The history could not be loaded." loadingLabel="Loading history...">
        {(fetchKey) => <HistoryWinsPage fetchKey={fetchKey} />}
      </ScreenBoundary>
    </>
  );
}
