import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Snackbar from "@mui/material/Snackbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { FormEvent, ReactNode } from "react";
import { useLastShown } from "../useLastShown.ts";
import { SubmitButton } from "./SubmitButton.tsx";

interface FormDialogActionsProps {
  onCancel(): void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The spacing of the create dialogs' actions (`FormDialog`); the default otherwise. */
  padded?: boolean;
}

/** 'Cancel' and the submit button of a dialog's form, both disabled while the request is on its way. */
export function FormDialogActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel,
  padded,
}: FormDialogActionsProps) {
  return (
    <DialogActions sx={padded ? { px: 3, pb: 2 } : undefined}>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </DialogActions>
  );
}

interface FormDialogProps {
  open: boolean;
  onClose(): void;
  /** The title's element id, which names the dialog and its form. */
  titleId: string;
  title: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  busy: boolean;
  submitLabel: string;
  /** The refusal above the fields (null: none) and its test id. */
  error: string | null;
  errorTestId: string;
  /** The failure alert at the top of the screen (null: none), its closing and its test id. */
  alert: string | null;
  onAlertClose(): void;
  alertTestId: string;
  children: ReactNode;
}

/**
 * The create dialogs ('Add Carrier', 'Add Invoice'): full screen on a phone, the refusal above the
 * fields, Cancel and the submit button (closing is off while saving), a failure alert at the top.
 */
export function FormDialog(props: FormDialogProps) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const { open, onClose, titleId, busy } = props;
  const shownAlert = useLastShown(props.alert);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={props.onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          {props.error ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid={props.errorTestId}>
              {props.error}
            </Alert>
          ) : null}
          {props.children}
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          busy={busy}
          submitLabel={props.submitLabel}
          busyLabel="Saving…"
          padded
        />
      </Box>
      <Snackbar
        open={props.alert !== null}
        autoHideDuration={8000}
        onClose={props.onAlertClose}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert severity="error" variant="filled" onClose={props.onAlertClose} data-testid={props.alertTestId}>
          {shownAlert}
        </Alert>
      </Snackbar>
    </Dialog>
  );
}
