import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";

type AppointmentFlag = "appointmentsRequired" | "appointmentsConfirmed";

const FLAGS: readonly [AppointmentFlag, string][] = [
  ["appointmentsRequired", "Appointments required"],
  ["appointmentsConfirmed", "Appointments confirmed"],
];

interface AppointmentFlagsProps {
  values: Record<AppointmentFlag, boolean>;
  onChange(flag: AppointmentFlag, checked: boolean): void;
}

/** A load's two appointment checkboxes (the caller lays them out). */
export function AppointmentFlags({ values, onChange }: AppointmentFlagsProps) {
  return FLAGS.map(([flag, label]) => (
    <FormControlLabel
      key={flag}
      label={label}
      control={
        <Checkbox
          name={flag}
          checked={values[flag]}
          onChange={(event) => onChange(flag, event.target.checked)}
        />
      }
    />
  ));
}
