import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import { zoneLabel } from "../lib/dates.ts";
import { problemProps } from "../ui/form/problem-props.ts";

/** One typed field of a load form (the load detail, the manual assignment). */
export interface LoadFieldSpec<Name extends string> {
  name: Name;
  label: string;
  type?: "text" | "number" | "url" | "datetime-local";
  required?: boolean;
  multiline?: boolean;
  /** Under the field when it has no problem. */
  helper?: string;
  /** Grid columns from the sm breakpoint up (12 = full width); 6 unless said. */
  width?: 4 | 6 | 12;
  /** A number typed as text: phones show the decimal keyboard. */
  numeric?: boolean;
  /** A number field's step. */
  step?: string;
}

interface LoadFieldInputProps<Name extends string> {
  field: LoadFieldSpec<Name>;
  value: string;
  problem: string | undefined;
  onChange(value: string): void;
  autoComplete?: string;
  maxLength?: number;
  inputRef?(element: { focus(): void } | null): void;
}

/** A load form's field in its grid cell; a date-time says which zone it is read in. */
export function LoadFieldInput<Name extends string>({
  field,
  value,
  problem,
  onChange,
  autoComplete,
  maxLength,
  inputRef,
}: LoadFieldInputProps<Name>) {
  const dated = field.type === "datetime-local";
  const numberInput =
    field.type === "number" ? { min: 0, step: field.step, inputMode: "decimal" as const } : {};
  return (
    <Grid size={{ xs: 12, sm: field.width ?? 6 }}>
      <TextField
        name={field.name}
        label={field.label}
        type={field.type ?? "text"}
        required={field.required}
        multiline={field.multiline}
        minRows={field.multiline ? 2 : undefined}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...problemProps(problem, field.helper ?? (dated ? `Time zone: ${zoneLabel()}` : undefined))}
        inputRef={inputRef}
        slotProps={{
          inputLabel: dated ? { shrink: true } : undefined,
          htmlInput: {
            ...(field.numeric ? { inputMode: "decimal" } : {}),
            ...numberInput,
            maxLength,
          },
        }}
      />
    </Grid>
  );
}
