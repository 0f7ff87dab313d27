import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { isUsTimeZone, US_TIME_ZONES, type UsTimeZone } from "../../../common/date-time.ts";
import { setStoredZone } from "../lib/viewer-zone.ts";
import { Toast, type ToastMessage } from "../ui/Toast.tsx";
import type { TimezoneClock_user$key } from "./__generated__/TimezoneClock_user.graphql";
import { CLOCK_TICK_MS, clockFace, msUntilNextMinute } from "./timezones.ts";
import { useUpdateProfileMutation } from "./useUpdateProfileMutation.ts";

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

interface TimezoneClockProps {
  user: TimezoneClock_user$key;
}

/**
 * The clock with its zone selector. The zone chosen here is stored on the user: every screen
 * shows and reads dates in it (until one is chosen: the browser's US zone, else Eastern).
 */
export function TimezoneClock({ user }: TimezoneClockProps) {
  const data = useFragment(
    graphql`
      fragment TimezoneClock_user on User {
        timeZone
      }
    `,
    user,
  );
  const now = useMinuteClock();
  const [save, isSaving] = useUpdateProfileMutation();
  const [zone, setZone] = useState<UsTimeZone>(() => setStoredZone(data.timeZone));
  const [outcome, setOutcome] = useState<ToastMessage | null>(null);
  const face = clockFace(now, zone);

  const handleZoneChange = (value: string) => {
    if (!isUsTimeZone(value) || value === zone) return;
    const previous = zone;
    setZone(value);
    save(
      { input: { timeZone: value } },
      {
        onSuccess: () => {
          setStoredZone(value);
          setOutcome({ severity: "success", text: "Dates now show in this time zone." });
        },
        onFailure: () => {
          setZone(previous);
          setOutcome({ severity: "error", text: "The time zone could not be saved." });
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 3 }} aria-label="Clock">
      <TextField
        select
        size="small"
        label="Time zone"
        value={zone}
        onChange={(event) => handleZoneChange(event.target.value)}
        disabled={isSaving}
        helperText="Every date is shown and read in this zone."
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
      <Toast message={outcome} onClose={() => setOutcome(null)} data-testid="time-zone-outcome" />
    </Paper>
  );
}
