import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { formatPhone } from "../../../common/fields.ts";
import { APPROVAL_NOTE_MAX, type ApprovalDecision } from "../../../common/workspace.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { VettingCard_user$key } from "./__generated__/VettingCard_user.graphql";
import { useReviewCarrierMutation } from "./useReviewCarrierMutation.ts";

interface VettingCardProps {
  user: VettingCard_user$key;
  onDecided(message: string): void;
  onFailed(message: string): void;
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {value || "—"}
      </Typography>
    </Box>
  );
}

export function VettingCard({ user, onDecided, onFailed }: VettingCardProps) {
  const data = useFragment(
    graphql`
      fragment VettingCard_user on User {
        id
        email
        fullName
        companyName
        contactPhone
        phoneNumber
        mcDot
        createdAt
        accountStatus
        approvalNote
        approvalDecidedAt
        carrier {
          carrierId
          carrierName
          dotNumber
          mcNumber
        }
      }
    `,
    user,
  );
  const [review, inFlight] = useReviewCarrierMutation();
  const [note, setNote] = useState(data.approvalNote ?? "");
  const [noteError, setNoteError] = useState<string | null>(null);

  const decide = (decision: ApprovalDecision) => {
    if (decision === "rejected" && !note.trim()) {
      setNoteError("Say why the carrier is rejected.");
      return;
    }
    review(
      { input: { userId: data.id, decision, note: note.trim() || null } },
      {
        onSuccess: () =>
          onDecided(
            `${data.email} ${decision === "approved" ? "approved" : "rejected"}; the carrier was told.`,
          ),
        onFailure: ({ message, fields }) => {
          if (fields.note) setNoteError(fields.note);
          else onFailed(message ?? "The decision could not be saved.");
        },
      },
    );
  };

  return (
    <Card
      variant="outlined"
      data-testid={`vetting-${data.email}`}
      component="section"
      aria-label={`Carrier ${data.email}`}
    >
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, wordBreak: "break-all" }}>
          {data.companyName || data.fullName || data.email}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, wordBreak: "break-all" }}>
          {data.email} · signed up {formatDateTime(data.createdAt)}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2 }}>
          <Fact label="MC / DOT (profile)" value={data.mcDot} />
          <Fact label="Carrier DOT #" value={data.carrier?.dotNumber} />
          <Fact label="Carrier MC #" value={data.carrier?.mcNumber} />
          <Fact
            label="Carrier"
            value={data.carrier ? `${data.carrier.carrierName} (${data.carrier.carrierId})` : null}
          />
          <Fact
            label="Contact"
            value={[data.fullName, formatPhone(data.contactPhone ?? data.phoneNumber)]
              .filter(Boolean)
              .join(" · ")}
          />
          {data.approvalDecidedAt ? (
            <Fact label="Last decision" value={formatDateTime(data.approvalDecidedAt)} />
          ) : null}
        </Box>
        <TextField
          label="Note"
          fullWidth
          multiline
          minRows={2}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(null);
          }}
          error={Boolean(noteError)}
          helperText={
            noteError ?? "Shown to the carrier; required to reject (e.g. 'Insurance certificate checked')."
          }
          slotProps={{ htmlInput: { maxLength: APPROVAL_NOTE_MAX } }}
        />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: "wrap" }}>
        <Button variant="contained" color="success" disabled={inFlight} onClick={() => decide("approved")}>
          Approve
        </Button>
        {data.accountStatus !== "rejected" ? (
          <Button variant="outlined" color="error" disabled={inFlight} onClick={() => decide("rejected")}>
            Reject
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}
