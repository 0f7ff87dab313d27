import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useCallback, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import type { AdminActiveOffersPageQuery } from "./__generated__/AdminActiveOffersPageQuery.graphql";
import { AdminOfferRow } from "./AdminOfferRow.tsx";
import { equipmentEnumOf, OfferListToolbar } from "./OfferListToolbar.tsx";
import { OffersTable } from "./OffersTable.tsx";
import { orderByOf, useListCriteria } from "./useListCriteria.ts";
import { useOfferChangedSubscription } from "./useOfferChangedSubscription.ts";

export const ADMIN_OFFER_COLUMNS = [
  "Load ID",
  "Start Date/Time",
  "Stops",
  "Origin City",
  "Origin State",
  "Destination City",
  "Destination State",
  "Best Offer",
  "Rounds Ends",
  "Actions",
] as const;

export const ACTIVE_SORTS = [
  { value: "ROUND_ENDS_AT:asc", label: "Round ends soonest" },
  { value: "START_DATE_TIME:asc", label: "Start date, earliest" },
  { value: "BEST_OFFER:asc", label: "Best offer, lowest" },
  { value: "CREATED_AT:desc", label: "Newest first" },
] as const;

interface AdminActiveOffersPageProps {
  fetchKey: number;
}

export function AdminActiveOffersPage({ fetchKey }: AdminActiveOffersPageProps) {
  const [criteria, update] = useListCriteria("ROUND_ENDS_AT:asc");
  const [liveKey, setLiveKey] = useState(0);
  const data = useLazyLoadQuery<AdminActiveOffersPageQuery>(
    graphql`
      query AdminActiveOffersPageQuery(
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
              ...AdminOfferRow_offer
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
    { fetchPolicy: "store-and-network", fetchKey: `${fetchKey}-${liveKey}` },
  );
  const edges = data.activeOffers.edges;
  const shown = useMemo(() => new Set(edges.map((edge) => edge.node.id)), [edges]);
  // A new offer, or one leaving the list (decided, cancelled): fetch the page again.
  const handleChanged = useCallback(
    (id: string, status: string) => {
      if (!shown.has(id) || status !== "active") setLiveKey((key) => key + 1);
    },
    [shown],
  );
  useOfferChangedSubscription(null, handleChanged);
  const pageCount = data.activeOffers.pageCount;
  if (criteria.page > 1 && criteria.page > pageCount && pageCount >= 1) update({ page: pageCount });
  return (
    <>
      <OfferListToolbar criteria={criteria} sorts={ACTIVE_SORTS} onChange={update} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {data.activeOffers.totalCount} open {data.activeOffers.totalCount === 1 ? "offer" : "offers"}
      </Typography>
      <OffersTable label="Active offers" columns={ADMIN_OFFER_COLUMNS} empty="No active offers.">
        {edges.map((edge) => (
          <AdminOfferRow key={edge.node.id} offer={edge.node} />
        ))}
      </OffersTable>
      <Box sx={{ mt: 2 }}>
        <PageNumbers
          page={data.activeOffers.page}
          pageCount={pageCount}
          label="Active offers pages"
          onPage={(page) => update({ page })}
        />
      </Box>
    </>
  );
}
