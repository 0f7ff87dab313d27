import { AdminActiveOffersPage } from "./AdminActiveOffersPage.tsx";
import { OFFERS_TEXTS, OfferScreen } from "./OfferScreen.tsx";

/** /admin/carrier-portal/active-offers: every open offer, live. */
export default function AdminActiveOffersRoute() {
  return (
    <OfferScreen
      title="Carrier Portal / Active Offers"
      subtitle="Loads out for bidding. Best offers and round clocks update live."
      texts={OFFERS_TEXTS}
      page={AdminActiveOffersPage}
    />
  );
}
