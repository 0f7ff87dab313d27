import Typography from "@mui/material/Typography";
import { useParams } from "react-router-dom";
import { CARRIER_TEXTS } from "../carriers/carrier-rules.ts";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import ManualAssignmentPageQueryNode, {
  type ManualAssignmentPageQuery,
} from "./__generated__/ManualAssignmentPageQuery.graphql";
import { ManualAssignmentPage } from "./ManualAssignmentPage.tsx";
import { MANUAL_ASSIGNMENT_TEXTS } from "./manual-assignment-form.ts";

/** /admin/ila/load/manual-assignment/{carrierId}: create a load assigned to one of the carrier's drivers. */
export default function ManualAssignmentRoute() {
  const { carrierId = "" } = useParams();
  const { queryRef, retry } = usePageQuery<ManualAssignmentPageQuery>(ManualAssignmentPageQueryNode, {
    carrierId,
  });
  return (
    <>
      <PageTitle>{MANUAL_ASSIGNMENT_TEXTS.title}</PageTitle>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {`#${carrierId}`}
      </Typography>
      <QueryBoundary
        queryRef={queryRef}
        resetKey={carrierId}
        message={CARRIER_TEXTS.driversFetchFailed}
        onRetry={retry}
        loadingLabel="Loading drivers..."
      >
        {(loaded) => <ManualAssignmentPage queryRef={loaded} />}
      </QueryBoundary>
    </>
  );
}
