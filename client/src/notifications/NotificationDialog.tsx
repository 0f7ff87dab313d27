import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";

interface NotificationDialogProps {
  open: boolean;
  title: string;
  message: string;
  onClose(): void;
}

/** A folded bid's notification, in full (the spec does not show that dialog's content). */
export function NotificationDialog({ open, title, message, onClose }: NotificationDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="notification-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="notification-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
