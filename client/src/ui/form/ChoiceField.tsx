import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

type PassedProps = Pick<
  TextFieldProps,
  "name" | "label" | "required" | "disabled" | "error" | "helperText" | "slotProps" | "inputRef"
>;

interface ChoiceFieldProps<Value extends string> extends PassedProps {
  value: Value | "";
  choices: readonly Value[];
  /** What a choice reads as (the value itself unless said). */
  labelOf?(value: Value): string;
  onChange(value: Value): void;
}

/** A form field picked from a fixed list of values (status, mode, carrier type). */
export function ChoiceField<Value extends string>({
  choices,
  labelOf = (value) => value,
  onChange,
  ...field
}: ChoiceFieldProps<Value>) {
  return (
    <TextField
      {...field}
      select
      onChange={(event) => {
        const chosen = choices.find((choice) => choice === event.target.value);
        if (chosen !== undefined) onChange(chosen);
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {labelOf(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}
