import Alert from "@mui/material/Alert";
import { graphql, useFragment } from "react-relay";
import { MARKETPLACE_PENDING_MESSAGE, MARKETPLACE_REJECTED_MESSAGE } from "../../../common/workspace.ts";
import type { ApprovalBanner_user$key } from "./__generated__/ApprovalBanner_user.graphql";

interface ApprovalBannerProps {
  user: ApprovalBanner_user$key;
}

/** Tells a carrier waiting for vetting (or rejected) why offers are closed to it. */
export function ApprovalBanner({ user }: ApprovalBannerProps) {
  const data = useFragment(
    graphql`
      fragment ApprovalBanner_user on User {
        accountStatus
        approvalNote
      }
    `,
    user,
  );
  if (data.accountStatus !== "pending" && data.accountStatus !== "rejected") return null;
  const pending = data.accountStatus === "pending";
  return (
    <Alert severity={pending ? "info" : "warning"} sx={{ mb: 2 }} data-testid="approval-banner">
      {pending ? MARKETPLACE_PENDING_MESSAGE : MARKETPLACE_REJECTED_MESSAGE}
      {!pending && data.approvalNote ? ` Note: ${data.approvalNote}` : ""}
    </Alert>
  );
}
