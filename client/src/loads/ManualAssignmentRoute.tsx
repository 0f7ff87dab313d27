import Typography from "@mui/material/Typography";
import { Suspense, useCallback, useEffect } from "react";
import { useQueryLoader } from "react-relay";
import { useParams } from "react-router-dom";
import { CARRIER_TEXTS } from "../carriers/carrier-rules.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import ManualAssignmentPageQueryNode, {
  type ManualAssignmentPageQuery,
} from "./__generated__/ManualAssignmentPageQuery.graphql";
import { ManualAssignmentPage } from "./ManualAssignmentPage.tsx";
import { MANUAL_ASSIGNMENT_TEXTS } from "./manual-assignment-form.ts";

/** /admin/ila/load/manual-assignment/{carrierId}: create a load assigned to one of the carrier's drivers. */
export default function ManualAssignmentRoute() {
  const { carrierId = "" } = useParams();
  const [queryRef, loadQuery] = useQueryLoader<ManualAssignmentPageQuery>(ManualAssignmentPageQueryNode);
  const load = useCallback(
    (fetchPolicy: "store-and-network" | "network-only") => loadQuery({ carrierId }, { fetchPolicy }),
    [loadQuery, carrierId],
  );
  useEffect(() => load("store-and-network"), [load]);
  return (
    <>
      <PageTitle>{MANUAL_ASSIGNMENT_TEXTS.title}</PageTitle>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {`#${carrierId}`}
      </Typography>
      <ErrorBoundary
        key={carrierId}
        message={CARRIER_TEXTS.driversFetchFailed}
        onRetry={() => load("network-only")}
      >
        <Suspense fallback={<Loading label="Loading drivers..." />}>
          {queryRef ? <ManualAssignmentPage queryRef={queryRef} /> : <Loading label="Loading drivers..." />}
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
