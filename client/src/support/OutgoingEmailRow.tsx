import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import {
  OUTBOUND_EMAIL_KIND_LABELS,
  OUTBOUND_EMAIL_STATUS_LABELS,
  type OutboundEmailKind,
  type OutboundEmailStatus,
} from "../../../common/mail.ts";
import { formatDateTime } from "../lib/dates.ts";
import { failureText } from "../lib/request-errors.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type {
  OutgoingEmailRow_email$data,
  OutgoingEmailRow_email$key,
} from "./__generated__/OutgoingEmailRow_email.graphql";
import { useRetryOutboundEmailMutation } from "./useRetryOutboundEmailMutation.ts";

type Email = OutgoingEmailRow_email$data;

const STATUS_COLORS: Record<OutboundEmailStatus, "success" | "warning" | "error" | "info"> = {
  pending: "warning",
  sending: "info",
  sent: "success",
  failed: "error",
};

const RETRY_FAILED = "The e-mail could not be queued again. Please try again.";
const NONE = () => null;

/** When it went out; for one waiting after a failed attempt, when it is tried next. */
function deliveredText(email: Email): string {
  if (email.sentAt) return formatDateTime(email.sentAt) ?? "—";
  if (email.status === "pending" && email.attempts > 0)
    return `Next try ${formatDateTime(email.nextAttemptAt)}`;
  return "—";
}

/** The outbox table's columns; Status is drawn by each row (a failed one's retry has its own state). */
export const OUTBOX_COLUMNS: readonly Column<Email>[] = [
  {
    id: "to",
    header: "Recipient",
    key: true,
    cell: (email) => <Box sx={{ overflowWrap: "break-word" }}>{email.to}</Box>,
  },
  { id: "subject", header: "Subject", cell: (email) => email.subject },
  {
    id: "kind",
    header: "Kind",
    hideable: true,
    cell: (email) => OUTBOUND_EMAIL_KIND_LABELS[email.kind as OutboundEmailKind] ?? email.kind,
  },
  { id: "status", header: "Status", cell: NONE },
  { id: "attempts", header: "Attempts", align: "right", cell: (email) => email.attempts },
  {
    id: "lastError",
    header: "Last error",
    hideable: true,
    cell: (email) =>
      email.lastError ? (
        <Typography variant="body2" sx={{ wordBreak: "break-word", maxWidth: 240 }}>
          {email.lastError}
        </Typography>
      ) : (
        "—"
      ),
  },
  { id: "created", header: "Created", nowrap: true, cell: (email) => formatDateTime(email.createdAt) },
  { id: "sent", header: "Sent", nowrap: true, cell: deliveredText },
];

function StatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={OUTBOUND_EMAIL_STATUS_LABELS[status as OutboundEmailStatus] ?? status}
      color={STATUS_COLORS[status as OutboundEmailStatus] ?? "default"}
      variant={status === "sent" ? "outlined" : "filled"}
    />
  );
}

interface OutgoingEmailRowProps {
  email: OutgoingEmailRow_email$key;
  onNotify(message: string, severity?: "success" | "error"): void;
  /** Queued again: the worker sends it in a moment. */
  onRetried(): void;
}

export function OutgoingEmailRow({ email, onNotify, onRetried }: OutgoingEmailRowProps) {
  const data = useFragment(
    graphql`
      fragment OutgoingEmailRow_email on OutboundEmail {
        id
        to
        subject
        kind
        status
        attempts
        lastError
        nextAttemptAt
        createdAt
        sentAt
      }
    `,
    email,
  );
  const [retry, isInFlight] = useRetryOutboundEmailMutation();
  const handleRetry = () =>
    retry(data.id, {
      onSuccess: () => {
        onNotify(`The e-mail to ${data.to} is being sent again.`);
        onRetried();
      },
      onFailure: (failure) => onNotify(failureText(failure, RETRY_FAILED), "error"),
    });
  const status = (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <StatusChip status={data.status} />
      {data.status === "failed" ? (
        <Button
          size="small"
          variant="outlined"
          disabled={isInFlight}
          onClick={handleRetry}
          aria-label={`Retry now: ${data.subject} to ${data.to}`}
          sx={{ whiteSpace: "nowrap" }}
        >
          Retry now
        </Button>
      ) : null}
    </Box>
  );
  return <DataRow columns={OUTBOX_COLUMNS} row={data} cells={{ status }} data-testid={`outbox-${data.to}`} />;
}
