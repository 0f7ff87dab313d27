import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import {
  CLOCK_TICK_MS,
  clockFace,
  DEFAULT_TIME_ZONE,
  isUsTimeZone,
  msUntilNextMinute,
  US_TIME_ZONES,
  type UsTimeZone,
} from "./timezones.ts";

/** Ticks on each minute (every 60 s, spec section 9). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: number | undefined;
    const timeout = window.setTimeout(() => {
      setNow(new Date());
      interval = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    }, msUntilNextMinute(Date.now()));
    return () => {
      window.clearTimeout(timeout);
      window.clearInterval(interval);
    };
  }, []);
  return now;
}

export function TimezoneClock() {
  const now = useMinuteClock();
  const [zone, setZone] = useState<UsTimeZone>(DEFAULT_TIME_ZONE);
  const face = clockFace(now, zone);
  return (
    <Paper variant="outlined" sx={{ p: 3 }} aria-label="Clock">
      <TextField
        select
        size="small"
        label="Time zone"
        value={zone}
        onChange={(event) => isUsTimeZone(event.target.value) && setZone(event.target.value)}
        sx={{ mb: 2 }}
      >
        {US_TIME_ZONES.map((entry) => (
          <MenuItem key={entry.zone} value={entry.zone}>
            {entry.label}
          </MenuItem>
        ))}
      </TextField>
      <Typography
        variant="h3"
        component="p"
        sx={{ fontWeight: 700 }}
        data-testid="clock-time"
        aria-live="polite"
      >
        {face.time}
        <Typography component="span" variant="h6" color="text.secondary" sx={{ ml: 1 }}>
          {face.abbreviation}
        </Typography>
      </Typography>
      <Typography color="text.secondary">{face.date}</Typography>
    </Paper>
  );
}
