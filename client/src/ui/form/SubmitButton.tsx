import Button from "@mui/material/Button";
import type { ReactNode } from "react";

interface SubmitButtonProps {
  /** The request is on its way: the button is disabled (and says `busyLabel`). */
  busy: boolean;
  busyLabel?: string;
  size?: "medium" | "large";
  children: ReactNode;
}

/** A form's submit button: disabled while its request is on its way, so it is sent once. */
export function SubmitButton({ busy, busyLabel, size, children }: SubmitButtonProps) {
  return (
    <Button type="submit" variant="contained" size={size} disabled={busy}>
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
