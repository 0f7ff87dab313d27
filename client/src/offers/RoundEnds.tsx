import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { roundEnds, TIMES_UP } from "../../../common/offers.ts";
import { formatDateTime } from "../lib/dates.ts";

const TICK_MS = 60_000;

/**
 * Re-renders every 60 s, on the minute boundaries of the server's close time, so the minutes
 * shown are always derived from roundEndsAt and never drift.
 */
export function useRoundClock(roundEndsAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const closes = new Date(roundEndsAt).getTime();
    let interval: number | undefined;
    const first = Math.max(0, (closes - Date.now()) % TICK_MS) || TICK_MS;
    const timeout = window.setTimeout(() => {
      setNow(Date.now());
      interval = window.setInterval(() => setNow(Date.now()), TICK_MS);
    }, first + 5);
    // A clock read this last second (the first render's) stands: no second render of every row.
    setNow((shown) => (Date.now() - shown < 1_000 ? shown : Date.now()));
    return () => {
      window.clearTimeout(timeout);
      window.clearInterval(interval);
    };
  }, [roundEndsAt]);
  return now;
}

/** e.g. '11/21/2026 15:45 CST', in the viewer's time zone. */
export function closeTimeText(roundEndsAt: string): string {
  return formatDateTime(roundEndsAt) ?? roundEndsAt;
}

interface RoundEndsProps {
  roundEndsAt: string;
  roundNumber?: number;
  /** Also show the absolute close time (carriers). */
  showCloseTime?: boolean;
}

/** Spec section 4: '{n} min' in green while the round runs, "Time's up" in red after. */
export function RoundEnds({ roundEndsAt, roundNumber, showCloseTime = false }: RoundEndsProps) {
  const now = useRoundClock(roundEndsAt);
  const left = roundEnds(roundEndsAt, now);
  const over = left === TIMES_UP;
  return (
    <Box>
      <Typography
        component="span"
        variant="body2"
        sx={{ fontWeight: 700, color: over ? "error.dark" : "success.dark", whiteSpace: "nowrap" }}
      >
        {over ? TIMES_UP : `${left} min`}
      </Typography>
      {roundNumber && roundNumber > 1 ? (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
          (round {roundNumber})
        </Typography>
      ) : null}
      {showCloseTime ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: "nowrap" }}>
          closes {closeTimeText(roundEndsAt)}
        </Typography>
      ) : null}
    </Box>
  );
}
