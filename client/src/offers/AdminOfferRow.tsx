import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { AdminOfferRow_offer$key } from "./__generated__/AdminOfferRow_offer.graphql";
import { dateTimeText, usd } from "./money.ts";
import { RoundEnds } from "./RoundEnds.tsx";

export const biddersPath = (loadId: string) =>
  `/admin/carrier-portal/active-offers/${encodeURIComponent(loadId)}/bidders`;

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
        roundEndsAt
        roundNumber
        bidCount
      }
    `,
    key,
  );
  return (
    <TableRow hover>
      <TableCell>
        <Link component={RouterLink} to={biddersPath(offer.loadId)} sx={{ fontWeight: 600 }}>
          {offer.loadId}
        </Link>
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeText(offer.startDateTime)}</TableCell>
      <TableCell>{offer.stops}</TableCell>
      <TableCell>{offer.originCity ?? "—"}</TableCell>
      <TableCell>{offer.originState ?? "—"}</TableCell>
      <TableCell>{offer.destinationCity ?? "—"}</TableCell>
      <TableCell>{offer.destinationState ?? "—"}</TableCell>
      <TableCell
        sx={{ fontWeight: 600 }}
        aria-label={`Best offer ${usd(offer.bestOffer)}, ${offer.bidCount} bids`}
      >
        {usd(offer.bestOffer)}
      </TableCell>
      <TableCell>
        <RoundEnds roundEndsAt={offer.roundEndsAt} roundNumber={offer.roundNumber} />
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={biddersPath(offer.loadId)}>
          Select Winner
        </Link>
      </TableCell>
    </TableRow>
  );
}
