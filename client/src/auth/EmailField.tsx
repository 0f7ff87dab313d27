import TextField from "@mui/material/TextField";

interface EmailFieldProps {
  value: string;
  onChange(value: string): void;
  problem: string | null | undefined;
}

/** The e-mail field of the sign-in forms: the form's first field, focused when it opens. */
export function EmailField({ value, onChange, problem }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      autoFocus
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(problem)}
      helperText={problem}
    />
  );
}
