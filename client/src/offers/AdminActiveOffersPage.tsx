import { graphql } from "react-relay";
import { readPage } from "../ui/list/usePagedList.ts";
import type { AdminActiveOffersPageQuery } from "./__generated__/AdminActiveOffersPageQuery.graphql";
import { ADMIN_OFFER_COLUMNS, AdminOfferRow } from "./AdminOfferRow.tsx";
import { OfferList, OpenOfferCount } from "./OfferList.tsx";
import { ACTIVE_OFFER_SORTS } from "./offer-lists.ts";
import { useLiveActiveOffers } from "./useLiveActiveOffers.ts";

interface AdminActiveOffersPageProps {
  fetchKey: number;
}

export function AdminActiveOffersPage({ fetchKey }: AdminActiveOffersPageProps) {
  const { list, offers } = useLiveActiveOffers<AdminActiveOffersPageQuery>(
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
          ...usePagedList_page
          edges {
            node {
              id
              ...AdminOfferRow_offer
            }
          }
        }
      }
    `,
    fetchKey,
  );
  return (
    <OfferList
      label="Active offers"
      list={list}
      answer={offers}
      sorts={ACTIVE_OFFER_SORTS}
      columns={ADMIN_OFFER_COLUMNS}
      empty="No active offers."
      filtered
      summary={<OpenOfferCount count={readPage(offers).totalCount} />}
    >
      {offers.edges.map((edge) => (
        <AdminOfferRow key={edge.node.id} offer={edge.node} />
      ))}
    </OfferList>
  );
}
