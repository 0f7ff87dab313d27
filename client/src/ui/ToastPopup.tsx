import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";

export interface ToastMessage {
  severity: "success" | "info" | "warning" | "error";
  text: string;
}

export interface ToastPopupProps {
  open: boolean;
  /** The message shown (kept while the toast closes). */
  shown: ToastMessage | null;
  autoHideDuration: number;
  role?: "alert" | "status";
  testId?: string;
  onClose(): void;
}

/** Toast's snackbar, loaded when a toast first shows (ui/deferred.tsx). */
export default function ToastPopup({
  open,
  shown,
  autoHideDuration,
  role,
  testId,
  onClose,
}: ToastPopupProps) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={autoHideDuration}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      <Alert
        severity={shown?.severity ?? "success"}
        variant="filled"
        onClose={onClose}
        role={role}
        data-testid={testId}
      >
        {shown?.text}
      </Alert>
    </Snackbar>
  );
}
