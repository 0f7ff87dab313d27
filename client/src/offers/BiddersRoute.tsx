import Link from "@mui/material/Link";
import { Link as RouterLink, useParams } from "react-router-dom";
import { PageTitle } from "../ui/PageTitle.tsx";
import { ScreenBoundary } from "../ui/ScreenBoundary.tsx";
import { BiddersPage } from "./BiddersPage.tsx";

/** /admin/carrier-portal/active-offers/{loadId}/bidders: who bid, and the winner's confirmation. */
export default function BiddersRoute() {
  const { loadId = "" } = useParams();
  return (
    <>
      <PageTitle
        subtitle={
          <Link component={RouterLink} to="/admin/carrier-portal/active-offers">
            Back to active offers
          </Link>
        }
      >
        {`Carrier Portal / Active Offers / ${loadId} / Bidders`}
      </PageTitle>
      <ScreenBoundary errorMessage="The bids could not be loaded." loadingLabel="Loading bids...">
        {(fetchKey) => <BiddersPage loadId={loadId} fetchKey={fetchKey} />}
      </ScreenBoundary>
    </>
  );
}
