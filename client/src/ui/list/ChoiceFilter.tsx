import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";

interface ChoiceFilterProps<Value extends string> {
  label: string;
  /** The choice meaning no filter ("All roles"). */
  anyLabel: string;
  value: Value | "" | null;
  choices: readonly (readonly [Value, string])[];
  onChange(value: Value | null): void;
  minWidth?: number;
}

/** A list filter picked from a few values, in the list toolbar. */
export function ChoiceFilter<Value extends string>(props: ChoiceFilterProps<Value>) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ""}
      onChange={(event) => props.onChange((event.target.value as Value) || null)}
      sx={{ minWidth: props.minWidth ?? 150 }}
    >
      <MenuItem value="">{props.anyLabel}</MenuItem>
      {props.choices.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}
