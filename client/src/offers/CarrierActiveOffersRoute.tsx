import type { AlertProps } from "@mui/material/Alert";
import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { deferredUntil } from "../ui/deferred.tsx";
import { Loading } from "../ui/Loading.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import { ScreenBoundary } from "../ui/ScreenBoundary.tsx";
import type { CarrierActiveOffersRouteQuery } from "./__generated__/CarrierActiveOffersRouteQuery.graphql";
import { CarrierActiveOffersPage } from "./CarrierActiveOffersPage.tsx";
import { OFFERS_TEXTS } from "./OfferScreen.tsx";

// Only carriers waiting for vetting (or rejected) see it: MUI's Alert loads for them.
const Alert = deferredUntil<AlertProps>(
  () => import("@mui/material/Alert"),
  () => true,
);

/** A carrier waiting for vetting sees why offers are closed (the banner says more), not an error. */
function VettedOffers() {
  const data = useLazyLoadQuery<CarrierActiveOffersRouteQuery>(
    graphql`
      query CarrierActiveOffersRouteQuery {
        checkSession {
          user {
            accountStatus
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const status = data.checkSession?.user?.accountStatus;
  if (status === "pending" || status === "rejected") {
    return <Alert severity="info">Offers open once an operator approves your account.</Alert>;
  }
  return (
    <ScreenBoundary {...OFFERS_TEXTS}>
      {(fetchKey) => <CarrierActiveOffersPage fetchKey={fetchKey} />}
    </ScreenBoundary>
  );
}

/** /carrier/carrier-portal/active-offers: the loads a carrier may bid on, live. */
export default function CarrierActiveOffersRoute() {
  return (
    <>
      <PageTitle subtitle="Place or improve your bid before the round ends. The lowest bid is the best offer.">
        Carrier Portal / Active Offers
      </PageTitle>
      <Suspense fallback={<Loading />}>
        <VettedOffers />
      </Suspense>
    </>
  );
}
