import { PageTitle } from "../ui/PageTitle.tsx";
import { AdminActiveOffersPage } from "./AdminActiveOffersPage.tsx";
import { ScreenBoundary } from "./ScreenBoundary.tsx";

/** /admin/carrier-portal/active-offers: every open offer, live. */
export default function AdminActiveOffersRoute() {
  return (
    <>
      <PageTitle subtitle="Loads out for bidding. Best offers and round clocks update live.">
        Carrier Portal / Active Offers
      </PageTitle>
      <ScreenBoundary errorMessage="The offers could not be loaded." loadingLabel="Loading offers...">
        {(fetchKey) => <AdminActiveOffersPage fetchKey={fetchKey} />}
      </ScreenBoundary>
    </>
  );
}
