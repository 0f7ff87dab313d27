import { useCallback, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { usePagedList } from "../ui/list/usePagedList.ts";
import type { AdminActiveOffersPageQuery } from "./__generated__/AdminActiveOffersPageQuery.graphql";
import { ActiveOffersList } from "./ActiveOffersList.tsx";
import { ADMIN_OFFER_COLUMNS, AdminOfferRow } from "./AdminOfferRow.tsx";
import { ACTIVE_OFFER_LIST, activeOfferVariables } from "./active-offer-list.ts";
import { useOfferChangedSubscription } from "./useOfferChangedSubscription.ts";

interface AdminActiveOffersPageProps {
  fetchKey: number;
}

export function AdminActiveOffersPage({ fetchKey }: AdminActiveOffersPageProps) {
  const [liveKey, setLiveKey] = useState(0);
  const [pageCount, setPageCount] = useState(1);
  // The query follows the address: a change re-renders with new variables (a router transition).
  const list = usePagedList(ACTIVE_OFFER_LIST, { refetch: () => {}, pageCount });
  const { criteria } = list;
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
    activeOfferVariables(criteria),
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
  if (data.activeOffers.pageCount !== pageCount) setPageCount(data.activeOffers.pageCount);
  return (
    <>
      <ActiveOffersList
        list={list}
        answer={data.activeOffers}
        columns={ADMIN_OFFER_COLUMNS}
        empty="No active offers."
      >
        {edges.map((edge) => (
          <AdminOfferRow key={edge.node.id} offer={edge.node} />
        ))}
      </ActiveOffersList>
    </>
  );
}
