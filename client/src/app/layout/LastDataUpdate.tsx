import Typography, { type TypographyProps } from "@mui/material/Typography";
import { useEffect, useState, useSyncExternalStore } from "react";
import { relativeTime } from "../../lib/relative-time.ts";
import { lastDataArrival, subscribeDataArrivals } from "../../relay/data-freshness.ts";

/** How often the relative time is redrawn. */
const TICK_MS = 30_000;

/**
 * The header's 'last update: 5 minutes ago' (the spec's placeholder wording), made true: how long
 * ago the screens last received data from the server, redrawn every 30 s.
 */
export function LastDataUpdate({ sx }: { sx?: TypographyProps["sx"] }) {
  const arrival = useSyncExternalStore(subscribeDataArrivals, lastDataArrival);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  // An arrival newer than the last tick reads "just now".
  const at = arrival ?? now;
  return (
    <Typography variant="caption" color="text.secondary" sx={sx} data-testid="header-last-update">
      last update: <time dateTime={new Date(at).toISOString()}>{relativeTime(at, Math.max(now, at))}</time>
    </Typography>
  );
}
