import { graphql, useFragment } from "react-relay";
import { deferredUntil } from "../ui/deferred.tsx";
import type { ApprovalBanner_user$key } from "./__generated__/ApprovalBanner_user.graphql";

// Most viewers never see it (operators, approved carriers): its code loads for those who do.
const ApprovalAlert = deferredUntil(
  () => import("./ApprovalAlert.tsx"),
  () => true,
);

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
  return <ApprovalAlert pending={data.accountStatus === "pending"} note={data.approvalNote ?? null} />;
}
