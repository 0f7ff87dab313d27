import { PageTitle } from "../ui/PageTitle.tsx";
import { CarrierActiveOffersPage } from "./CarrierActiveOffersPage.tsx";
import { ScreenBoundary } from "./ScreenBoundary.tsx";

/** /carrier/carrier-portal/active-offers: the loads a carrier may bid on, live. */
export default function CarrierActiveOffersRoute() {
  return (
    <>
      <PageTitle subtitle="Place or improve your bid before the round ends. The lowest bid is the best offer.">
        Carrier Portal / Active Offers
      </PageTitle>
      <ScreenBoundary errorMessage="No se pudieron obtener las ofertas" loadingLabel="Cargando ofertas...">
        {(fetchKey) => <CarrierActiveOffersPage fetchKey={fetchKey} />}
      </ScreenBoundary>
    </>
  );
}
