import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { formatDateTime } from "../lib/dates.ts";
import { failureText } from "../lib/request-errors.ts";
import { Toast, type ToastMessage } from "../ui/Toast.tsx";
import type { ContactMessageCard_message$key } from "./__generated__/ContactMessageCard_message.graphql";
import { useMarkContactMessageHandledMutation } from "./useMarkContactMessageHandledMutation.ts";

const MARK_HANDLED_FAILED = "The message could not be updated. Please try again.";

interface ContactMessageCardProps {
  message: ContactMessageCard_message$key;
}

export function ContactMessageCard({ message }: ContactMessageCardProps) {
  const data = useFragment(
    graphql`
      fragment ContactMessageCard_message on ContactMessage {
        id
        name
        email
        message
        createdAt
        handled
      }
    `,
    message,
  );
  const [markHandled, isInFlight] = useMarkContactMessageHandledMutation();
  const [failure, setFailure] = useState<ToastMessage | null>(null);
  const handleToggle = () =>
    markHandled(
      { id: data.id, handled: !data.handled },
      {
        onSuccess: () => setFailure(null),
        onFailure: (problem) =>
          setFailure({ severity: "error", text: failureText(problem, MARK_HANDLED_FAILED) }),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-label={`Message from ${data.name}`}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{data.name}</Typography>
        <Link href={`mailto:${data.email}`} variant="body2" sx={{ wordBreak: "break-all" }}>
          {data.email}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(data.createdAt)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Chip
          size="small"
          label={data.handled ? "Handled" : "Open"}
          color={data.handled ? "default" : "secondary"}
        />
      </Box>
      <Typography sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", mb: 1 }}>{data.message}</Typography>
      <Button size="small" onClick={handleToggle} disabled={isInFlight}>
        {data.handled ? "Reopen" : "Mark handled"}
      </Button>
      <Toast message={failure} onClose={() => setFailure(null)} />
    </Paper>
  );
}
