import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { FormEvent, ReactNode } from "react";

interface FormPanelProps {
  /** The panel's heading, which also names its form ('Profile'). */
  title: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Why the last save failed (null: it did not). */
  error: string | null;
  /** Space above the panel (a second panel on the page). */
  spaced?: boolean;
  children: ReactNode;
}

/** A form on its own outlined panel of a page: heading, the failure, the fields and buttons. */
export function FormPanel({ title, onSubmit, error, spaced = false, children }: FormPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, ...(spaced ? { mt: 3 } : null) }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={title}>
        {children}
      </Box>
    </Paper>
  );
}
