import Alert, { type AlertProps } from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { RELOAD, reloadNote, type StaleEdit } from "./useStaleEdit.ts";

interface SaveFailureAlertProps extends Omit<AlertProps, "action" | "children"> {
  /** The form's failure text (the server's 409 message when the thing changed meanwhile). */
  message: string | null;
  /** What the screen edits, in words: "load", "carrier", "route"... */
  thing: string;
  staleEdit: StaleEdit;
}

/**
 * An edit form's failure, with Reload when the save was refused because someone else changed the
 * thing since the form read it (and the reload's own failure). Nothing when there is nothing to say.
 */
export function SaveFailureAlert({ message, thing, staleEdit, ...alertProps }: SaveFailureAlertProps) {
  const { stale, reloading, reloadError, reload } = staleEdit;
  const text = reloadError ?? message;
  if (!text) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      {...alertProps}
      action={
        stale ? (
          <Button color="inherit" size="small" onClick={reload} disabled={reloading}>
            {RELOAD}
          </Button>
        ) : undefined
      }
    >
      {text}
      {stale ? (
        <Typography variant="body2" component="span" sx={{ display: "block", mt: 0.5 }}>
          {reloadNote(thing)}
        </Typography>
      ) : null}
    </Alert>
  );
}
