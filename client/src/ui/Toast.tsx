import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";

export interface ToastMessage {
  severity: "success" | "info" | "warning" | "error";
  text: string;
}

interface ToastProps {
  /** What to say; null hides the toast. */
  message: ToastMessage | null;
  onClose(): void;
  autoHideDuration?: number;
  "data-testid"?: string;
}

/** The one confirmation (or failure) toast of every screen: bottom centre, filled, closable. */
export function Toast({ message, onClose, autoHideDuration = 6000, "data-testid": testId }: ToastProps) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={autoHideDuration}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      <Alert
        severity={message?.severity ?? "success"}
        variant="filled"
        onClose={onClose}
        data-testid={testId}
      >
        {message?.text}
      </Alert>
    </Snackbar>
  );
}
