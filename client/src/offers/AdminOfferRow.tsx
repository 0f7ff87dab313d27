import Link from "@mui/material/Link";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDollars } from "../../../common/money.ts";
import { PerMileNote } from "../scorecards/PerMileNote.tsx";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type {
  AdminOfferRow_offer$data,
  AdminOfferRow_offer$key,
} from "./__generated__/AdminOfferRow_offer.graphql";
import { AwardRuleSummary } from "./AwardRuleSummary.tsx";
import { dateTimeText } from "./money.ts";
import type { ActiveOfferSortField } from "./offer-lists.ts";
import { RoundEnds } from "./RoundEnds.tsx";

export const biddersPath = (loadId: string) =>
  `/admin/carrier-portal/active-offers/${encodeURIComponent(loadId)}/bidders`;

const DASH = "—";

/** The Load ID column of the operator's offer lists: a link to the offer's bidders. */
export function biddersLinkColumn<Row extends { readonly loadId: string }, Field extends string>(): Column<
  Row,
  Field
> {
  return {
    id: "loadId",
    header: "Load ID",
    key: true,
    cell: (offer) => (
      <Link component={RouterLink} to={biddersPath(offer.loadId)} sx={{ fontWeight: 600 }}>
        {offer.loadId}
      </Link>
    ),
  };
}

/** Spec section 2: the admin Active Offers columns, in order. */
export const ADMIN_OFFER_COLUMNS: readonly Column<AdminOfferRow_offer$data, ActiveOfferSortField>[] = [
  biddersLinkColumn(),
  {
    id: "start",
    header: "Start Date/Time",
    sortField: "START_DATE_TIME",
    nowrap: true,
    cell: (offer) => dateTimeText(offer.startDateTime),
  },
  { id: "stops", header: "Stops", cell: (offer) => offer.stops },
  { id: "originCity", header: "Origin City", cell: (offer) => offer.originCity ?? DASH },
  { id: "originState", header: "Origin State", cell: (offer) => offer.originState ?? DASH },
  { id: "destinationCity", header: "Destination City", cell: (offer) => offer.destinationCity ?? DASH },
  { id: "destinationState", header: "Destination State", cell: (offer) => offer.destinationState ?? DASH },
  {
    id: "bestOffer",
    header: "Best Offer",
    sortField: "BEST_OFFER",
    cell: (offer) => (
      <>
        <strong title={`${offer.bidCount} bids`}>{formatDollars(offer.bestOffer)}</strong>
        <PerMileNote perMile={offer.bestOfferPerMile} />
      </>
    ),
  },
  {
    id: "roundEnds",
    header: "Rounds Ends",
    sortField: "ROUND_ENDS_AT",
    cell: (offer) => (
      <>
        {/* Round 0 is the waterfall's: no round clock yet, the summary shows the turn's. */}
        {offer.roundNumber === 0 ? null : (
          <RoundEnds roundEndsAt={offer.roundEndsAt} roundNumber={offer.roundNumber} />
        )}
        <AwardRuleSummary offer={offer} />
      </>
    ),
  },
  {
    id: "actions",
    header: "Actions",
    cell: (offer) => (
      <Link component={RouterLink} to={biddersPath(offer.loadId)}>
        Select Winner
      </Link>
    ),
  },
];

interface AdminOfferRowProps {
  offer: AdminOfferRow_offer$key;
}

/** One open offer: the spec's admin columns; Best Offer and Rounds Ends follow the live store. */
export function AdminOfferRow({ offer: key }: AdminOfferRowProps) {
  const offer = useFragment(
    graphql`
      fragment AdminOfferRow_offer on Offer {
        loadId
        startDateTime
        stops
        originCity
        originState
        destinationCity
        destinationState
        bestOffer
        bestOfferPerMile
        roundEndsAt
        roundNumber
        bidCount
        ...AwardRuleSummary_offer
      }
    `,
    key,
  );
  return <DataRow columns={ADMIN_OFFER_COLUMNS} row={offer} href={biddersPath(offer.loadId)} />;
}
