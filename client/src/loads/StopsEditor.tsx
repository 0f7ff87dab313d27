import AddIcon from "@mui/icons-material/Add";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { zoneAbbreviationAt } from "../../../common/loads/appointments.ts";
import { STOP_TYPES, type StopType } from "../../../common/loads/values.ts";
import { APPOINTMENT_LABELS, type FormProblems, moveStop, newStop, type StopRow } from "./load-form.ts";
import { NassCodePicker } from "./NassCodePicker.tsx";

interface StopsEditorProps {
  stops: StopRow[];
  /** The load's stop count as saved: planned stops when no stop rows are detailed yet. */
  plannedCount?: number;
  problems: FormProblems;
  /** Loads: each stop's appointment window, on its facility's clock (routes have none). */
  appointments?: boolean;
  onChange(stops: StopRow[]): void;
}

/** "2 stops planned, none detailed yet." or "No stops yet." */
export function stopsSummary(rows: number, plannedCount: number): string {
  const plural = (count: number) => `${count} ${count === 1 ? "stop" : "stops"}`;
  if (rows > 0) return plural(rows);
  return plannedCount > 0 ? `${plural(plannedCount)} planned, none detailed yet.` : "No stops yet.";
}

interface AppointmentFieldsProps {
  stop: StopRow;
  number: number;
  problems: { appointmentFrom?: string; appointmentTo?: string };
  onChange(change: Partial<StopRow>): void;
}

/** The stop's appointment window, typed on the facility's clock (its zone named under the fields). */
function AppointmentFields({ stop, number, problems, onChange }: AppointmentFieldsProps) {
  const zone = stop.nass?.timeZone ?? null;
  const clock = zone
    ? `Facility time: ${zone} (${zoneAbbreviationAt(zone)})`
    : stop.nass
      ? "This facility has no coordinates, so no time zone"
      : "Facility time, once a NASS code is picked";
  return (
    <Box
      sx={{
        gridColumn: "1 / -1",
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" },
      }}
    >
      {(["appointmentFrom", "appointmentTo"] as const).map((field) => (
        <TextField
          key={field}
          type="datetime-local"
          size="small"
          label={`${APPOINTMENT_LABELS[field]} (stop ${number})`}
          value={stop[field] ?? ""}
          onChange={(event) => onChange({ [field]: event.target.value })}
          error={Boolean(problems[field])}
          helperText={problems[field] ?? (field === "appointmentFrom" ? clock : "Optional: the window's end")}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </Box>
  );
}

/** The load's stops as an ordered list: sequence, type, NASS code and appointment; add, remove, move. */
export function StopsEditor({
  stops,
  plannedCount = 0,
  problems,
  appointments = false,
  onChange,
}: StopsEditorProps) {
  const update = (index: number, change: Partial<StopRow>) =>
    onChange(stops.map((stop, position) => (position === index ? { ...stop, ...change } : stop)));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5 }}>
          <Typography component="legend" variant="h6">
            Stops
          </Typography>
          {stops.length > 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="stop-count">
              {stopsSummary(stops.length, plannedCount)}
            </Typography>
          ) : null}
        </Box>
        <Button startIcon={<AddIcon />} onClick={() => onChange([...stops, newStop(stops)])}>
          Add stop
        </Button>
      </Box>
      {problems.stops ? (
        <Typography color="error" variant="body2" role="alert" sx={{ mb: 1 }}>
          {problems.stops}
        </Typography>
      ) : null}
      {stops.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }} data-testid="stop-count">
          {stopsSummary(0, plannedCount)}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label="Stops"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
        >
          {stops.map((stop, index) => {
            const number = index + 1;
            return (
              <Paper
                component="li"
                key={stop.key}
                variant="outlined"
                aria-label={`Stop ${number}`}
                sx={{
                  p: 1.5,
                  display: "grid",
                  gap: 1.5,
                  alignItems: "start",
                  gridTemplateColumns: { xs: "1fr 1fr", md: "150px 150px minmax(0, 1fr) auto" },
                }}
              >
                <TextField
                  label={`Sequence (stop ${number})`}
                  size="small"
                  value={stop.sequence}
                  onChange={(event) => update(index, { sequence: event.target.value })}
                  error={Boolean(problems[`stops.${index}.sequence`])}
                  helperText={problems[`stops.${index}.sequence`]}
                  slotProps={{ htmlInput: { inputMode: "numeric" } }}
                />
                <TextField
                  select
                  label={`Type (stop ${number})`}
                  size="small"
                  value={stop.type}
                  onChange={(event) => update(index, { type: event.target.value as StopType })}
                  error={Boolean(problems[`stops.${index}.type`])}
                  helperText={problems[`stops.${index}.type`]}
                >
                  {STOP_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {type}
                    </MenuItem>
                  ))}
                </TextField>
                <Box sx={{ gridColumn: { xs: "1 / -1", md: "auto" }, minWidth: 0 }}>
                  <NassCodePicker
                    label={`NASS code (stop ${number})`}
                    value={stop.nass}
                    error={problems[`stops.${index}.nass`]}
                    onChange={(nass) => update(index, { nass })}
                  />
                </Box>
                {appointments ? (
                  <AppointmentFields
                    stop={stop}
                    number={number}
                    problems={{
                      appointmentFrom: problems[`stops.${index}.appointmentFrom`],
                      appointmentTo: problems[`stops.${index}.appointmentTo`],
                    }}
                    onChange={(change) => update(index, change)}
                  />
                ) : null}
                <Box
                  sx={{
                    display: "flex",
                    gridColumn: { xs: "1 / -1", md: "4" },
                    gridRow: { md: "1" },
                    justifyContent: "flex-end",
                  }}
                >
                  <IconButton
                    aria-label={`Move stop ${number} up`}
                    disabled={index === 0}
                    onClick={() => onChange(moveStop(stops, index, -1))}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Move stop ${number} down`}
                    disabled={index === stops.length - 1}
                    onClick={() => onChange(moveStop(stops, index, 1))}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove stop ${number}`}
                    onClick={() => onChange(stops.filter((_stop, position) => position !== index))}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Paper>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
