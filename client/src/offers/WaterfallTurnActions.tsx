import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { AWARD_MESSAGES, offeredUntilText } from "../../../common/award.ts";
import { formatDollars } from "../../../common/money.ts";
import { failureText } from "./failure-text.ts";
import { useAcceptWaterfallTurnMutation, usePassWaterfallTurnMutation } from "./useWaterfallTurnMutations.ts";

interface WaterfallTurnActionsProps {
  offerId: string;
  loadId: string;
  turnEndsAt: string;
  rate: number | null;
}

/** The carrier in turn: "Offered to you until HH:mm" at the offered rate, with Accept and Pass. */
export function WaterfallTurnActions({ offerId, loadId, turnEndsAt, rate }: WaterfallTurnActionsProps) {
  const [accept, accepting] = useAcceptWaterfallTurnMutation();
  const [pass, passing] = usePassWaterfallTurnMutation();
  const [message, setMessage] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const busy = accepting || passing;
  const handlers = (done: string) => ({
    onSuccess: () => setMessage({ severity: "success", text: done }),
    onFailure: (problem: Parameters<typeof failureText>[0]) =>
      setMessage({ severity: "error", text: failureText(problem) }),
  });
  const handleAccept = () => {
    setMessage(null);
    accept({ input: { offerId } }, handlers(AWARD_MESSAGES.accepted));
  };
  const handlePass = () => {
    setMessage(null);
    pass({ input: { offerId } }, handlers(AWARD_MESSAGES.passed));
  };
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {offeredUntilText(turnEndsAt)}
      </Typography>
      {rate !== null ? (
        <Typography variant="caption" color="text.secondary">
          At {formatDollars(rate)}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          onClick={handleAccept}
          aria-label={`Accept load ${loadId}`}
        >
          Accept
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={handlePass}
          aria-label={`Pass on load ${loadId}`}
        >
          Pass
        </Button>
      </Stack>
      {message ? (
        <Alert severity={message.severity} role={message.severity === "error" ? "alert" : "status"}>
          {message.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
