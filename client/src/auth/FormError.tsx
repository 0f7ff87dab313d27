import Typography from "@mui/material/Typography";

interface FormErrorProps {
  message: string | null;
}

/** The spec's error texts: red, above the form, announced to screen readers. */
export function FormError({ message }: FormErrorProps) {
  if (!message) return null;
  return (
    <Typography role="alert" color="error" sx={{ mb: 2, fontWeight: 600 }} data-testid="form-error">
      {message}
    </Typography>
  );
}
