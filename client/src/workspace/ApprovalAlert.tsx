import Alert from "@mui/material/Alert";
import { MARKETPLACE_PENDING_MESSAGE, MARKETPLACE_REJECTED_MESSAGE } from "../../../common/workspace.ts";

export interface ApprovalAlertProps {
  pending: boolean;
  note: string | null;
}

/** ApprovalBanner's alert, loaded only for a carrier it concerns (ui/deferred.tsx). */
export default function ApprovalAlert({ pending, note }: ApprovalAlertProps) {
  return (
    <Alert severity={pending ? "info" : "warning"} sx={{ mb: 2 }} data-testid="approval-banner">
      {pending ? MARKETPLACE_PENDING_MESSAGE : MARKETPLACE_REJECTED_MESSAGE}
      {!pending && note ? ` Note: ${note}` : ""}
    </Alert>
  );
}
