import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { relativeTime } from "../../lib/relative-time.ts";

const MINUTE_MS = 60_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** 'Last update: 5 minutes ago' for when the list's data last changed; stays true as time passes. */
export function LastUpdateText({ at }: { at: Date }) {
  const now = Math.max(useNow(MINUTE_MS), at.getTime());
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ whiteSpace: "nowrap" }}
      data-testid="last-update"
    >
      Last update: {relativeTime(at, now)}
    </Typography>
  );
}
