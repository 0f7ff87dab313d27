import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { FormEvent, ReactNode } from "react";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { FormError } from "./FormError.tsx";

interface AuthFormProps {
  /** The form's accessible name ('Log in'). */
  label: string;
  onSubmit(event: FormEvent): void;
  /** The spec's error text above the fields (null: none). */
  error: string | null;
  /** What the button says, and while the request is on its way. */
  submitLabel: string;
  busyLabel?: string;
  busy: boolean;
  /** Shown above the error (a heading, an explanation). */
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in pages' forms: the error above, the fields, the one large button. */
export function AuthForm({
  label,
  onSubmit,
  error,
  submitLabel,
  busyLabel,
  busy,
  intro,
  children,
}: AuthFormProps) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
      {intro}
      <FormError message={error} />
      <Stack spacing={2}>
        {children}
        <SubmitButton busy={busy} busyLabel={busyLabel} size="large">
          {submitLabel}
        </SubmitButton>
      </Stack>
    </Box>
  );
}
