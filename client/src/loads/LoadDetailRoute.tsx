import { useParams } from "react-router-dom";
import { usePageQuery } from "../relay/usePageQuery.ts";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import LoadDetailPageQueryNode, {
  type LoadDetailPageQuery,
} from "./__generated__/LoadDetailPageQuery.graphql";
import { LoadDetailPage } from "./LoadDetailPage.tsx";
import { LOAD_FETCH_FAILED } from "./messages.ts";

/** /admin/ila/load/{loadId}: the load's edit form. */
export default function LoadDetailRoute() {
  const { loadId = "" } = useParams();
  const { queryRef, retry } = usePageQuery<LoadDetailPageQuery>(LoadDetailPageQueryNode, { loadId });
  return (
    <QueryBoundary queryRef={queryRef} resetKey={loadId} message={LOAD_FETCH_FAILED} onRetry={retry}>
      {(loaded) => <LoadDetailPage loadId={loadId} queryRef={loaded} />}
    </QueryBoundary>
  );
}
