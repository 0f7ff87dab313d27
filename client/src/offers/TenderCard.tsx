import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, Suspense, useEffect, useState } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import { formatDollars } from "../../../common/money.ts";
import { OFFER_MESSAGES } from "../../../common/offers.ts";
import { tenderAcceptInput, tenderDeclineInput } from "../../../common/tender-input.ts";
import { downloadFile } from "../lib/download.ts";
import type { MutationFailure } from "../relay/mutation-failure.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import type { TenderCard_tender$key } from "./__generated__/TenderCard_tender.graphql";
import type { TenderCardQuery } from "./__generated__/TenderCardQuery.graphql";
import { dateTimeText } from "./money.ts";
import { TENDER_STATUS_LABELS, tenderTimeLeft } from "./tender-countdown.ts";
import { useTenderChangedSubscription } from "./useTenderChangedSubscription.ts";
import { useAcceptTenderMutation, useDeclineTenderMutation } from "./useTenderMutations.ts";

interface TenderCardProps {
  loadId: string;
  /** An operator: sees the tender and may decline on the carrier's behalf; never signs. */
  operator: boolean;
}

const STATUS_COLORS = {
  pending: "warning",
  accepted: "success",
  declined: "error",
  expired: "default",
} as const;

const failureMessage = (failure: MutationFailure, fallback: string) => failure.message ?? fallback;

/** Ticks once a second while a tender is pending, so its countdown moves. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

interface DeclineDialogProps {
  open: boolean;
  busy: boolean;
  operator: boolean;
  error: string | null;
  onCancel(): void;
  onDecline(reason: string): void;
}

function DeclineDialog({ open, busy, operator, error, onCancel, onDecline }: DeclineDialogProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tenderDeclineInput.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? OFFER_MESSAGES.declineReasonRequired);
      return;
    }
    setProblem(null);
    onDecline(parsed.data.reason);
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="decline-tender-title"
      fullWidth
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="decline-tender-title">Decline tender</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {operator
              ? "Decline on the carrier's behalf. The load passes to the next-best bid, or the offer reopens."
              : "The load will be offered to another carrier. Your decline stays on your record."}
          </Typography>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            error={problem !== null}
            helperText={problem ?? "3 to 500 characters."}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            Decline tender
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface TenderDetailsProps extends TenderCardProps {
  tender: TenderCard_tender$key;
}

function TenderDetails({ tender: tenderKey, loadId, operator }: TenderDetailsProps) {
  const tender = useFragment(
    graphql`
      fragment TenderCard_tender on Tender {
        id
        status
        expiresAt
        decidedAt
        amount
        carrierName
        declineReason
        rateConfirmationUrl
        rateConfirmationSha256
        signerName
        signedAt
        viewerMayAnswer
      }
    `,
    tenderKey,
  );
  const pending = tender.status === "pending";
  const now = useNow(pending);
  const timeLeft = tenderTimeLeft(tender.expiresAt, now);
  const open = pending && timeLeft !== "Expired";
  const status = pending && !open ? "expired" : tender.status;
  const [accept, accepting] = useAcceptTenderMutation();
  const [decline, declining] = useDeclineTenderMutation();
  const [name, setName] = useState("");
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);
  const [declineError, setDeclineError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const busy = accepting || declining;

  const handleDownload = () => {
    setDownloading(true);
    setFailure(null);
    downloadFile(
      tender.rateConfirmationUrl,
      `rate-confirmation-${loadId}.pdf`,
      "The rate confirmation could not be downloaded",
    )
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)))
      .finally(() => setDownloading(false));
  };
  const handleAccept = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tenderAcceptInput.safeParse({ signature: name });
    if (!parsed.success) {
      setNameProblem(parsed.error.issues[0]?.message ?? OFFER_MESSAGES.signatureRequired);
      return;
    }
    setNameProblem(null);
    setFailure(null);
    accept(
      { input: { loadId, signature: parsed.data.signature } },
      {
        onSuccess: () => setNotice(OFFER_MESSAGES.tenderAccepted),
        onFailure: (problem) => {
          if (problem.fields.signature) setNameProblem(problem.fields.signature);
          else setFailure(failureMessage(problem, "The tender could not be accepted."));
        },
      },
    );
  };
  const handleDecline = (reason: string) => {
    setDeclineError(null);
    decline(
      { input: { loadId, reason } },
      {
        onSuccess: () => {
          setDeclineOpen(false);
          setNotice(OFFER_MESSAGES.tenderDeclined);
        },
        onFailure: (problem) => setDeclineError(failureMessage(problem, "The tender could not be declined.")),
      },
    );
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
        <Chip
          label={TENDER_STATUS_LABELS[status] ?? status}
          color={STATUS_COLORS[status as keyof typeof STATUS_COLORS] ?? "default"}
          data-testid="tender-status"
        />
        <Typography>
          {tender.carrierName} · {formatDollars(tender.amount)}
        </Typography>
      </Box>
      {open ? (
        <Typography role="timer" aria-live="off">
          Accept by {dateTimeText(tender.expiresAt)} ({timeLeft})
        </Typography>
      ) : null}
      {status === "expired" ? (
        <Typography color="text.secondary">
          Expired {dateTimeText(tender.decidedAt ?? tender.expiresAt)}: the award passed on.
        </Typography>
      ) : null}
      {tender.status === "accepted" ? (
        <Typography>
          Signed by <strong>{tender.signerName}</strong> on {dateTimeText(tender.signedAt)}
        </Typography>
      ) : null}
      {tender.status === "declined" ? (
        <Typography>
          Declined {dateTimeText(tender.decidedAt)}
          {tender.declineReason ? `: ${tender.declineReason}` : ""}
        </Typography>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
        <Button variant="outlined" onClick={handleDownload} disabled={downloading}>
          Download rate confirmation (PDF)
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: "break-all" }}>
          SHA-256 {tender.rateConfirmationSha256}
        </Typography>
      </Box>
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="success" role="status" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {open && !operator && tender.viewerMayAnswer ? (
        <Box
          component="form"
          onSubmit={handleAccept}
          noValidate
          aria-label="Accept tender"
          sx={{ display: "grid", gap: 1 }}
        >
          <Typography variant="body2">
            By typing your full name you sign the rate confirmation above electronically.
          </Typography>
          <TextField
            label="Full name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoComplete="name"
            error={nameProblem !== null}
            helperText={nameProblem ?? "Type your full name to sign."}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            sx={{ maxWidth: 420 }}
          />
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy}>
              Accept tender
            </Button>
            <Button color="error" onClick={() => setDeclineOpen(true)} disabled={busy}>
              Decline
            </Button>
          </Box>
        </Box>
      ) : null}
      {open && operator ? (
        <Box>
          <Button color="error" onClick={() => setDeclineOpen(true)} disabled={busy}>
            Decline for the carrier
          </Button>
        </Box>
      ) : null}
      <DeclineDialog
        key={declineOpen ? "open" : "closed"}
        open={declineOpen}
        busy={declining}
        operator={operator}
        error={declineError}
        onCancel={() => {
          setDeclineOpen(false);
          setDeclineError(null);
        }}
        onDecline={handleDecline}
      />
    </Box>
  );
}

function TenderCardContent({ loadId, operator, fetchKey }: TenderCardProps & { fetchKey: number }) {
  const data = useLazyLoadQuery<TenderCardQuery>(
    graphql`
      query TenderCardQuery($loadId: String!) {
        tender(loadId: $loadId) {
          id
          ...TenderCard_tender
        }
      }
    `,
    { loadId },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  useTenderChangedSubscription(loadId);
  if (!data.tender) {
    return (
      <Typography variant="body2" color="text.secondary">
        No tender for this load yet: one is made when a winner is confirmed.
      </Typography>
    );
  }
  return <TenderDetails key={data.tender.id} tender={data.tender} loadId={loadId} operator={operator} />;
}

/**
 * "Tender": the rate confirmation put to the award's winner, its countdown and answer. The
 * carrier accepts by typing its full name or declines with a reason; an operator sees the status
 * and may decline on the carrier's behalf.
 */
export function TenderCard({ loadId, operator }: TenderCardProps) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby="tender-title">
      <Typography id="tender-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Tender
      </Typography>
      <ErrorBoundary message="The tender could not be loaded." onRetry={() => setFetchKey((key) => key + 1)}>
        <Suspense fallback={<Loading label="Loading tender..." />}>
          <TenderCardContent loadId={loadId} operator={operator} fetchKey={fetchKey} />
        </Suspense>
      </ErrorBoundary>
    </Paper>
  );
}
