import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import { useCallback, useState } from "react";

interface Feedback {
  message: string;
  severity: "success" | "error" | "info";
}

/** One snackbar per tab for the outcome of an action. */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const notify = useCallback((message: string, severity: Feedback["severity"] = "success") => {
    setFeedback({ message, severity });
  }, []);
  const snackbar = (
    <Snackbar
      open={feedback !== null}
      autoHideDuration={6000}
      onClose={() => setFeedback(null)}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      {feedback ? (
        <Alert severity={feedback.severity} variant="filled" onClose={() => setFeedback(null)} role="status">
          {feedback.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
  return { notify, snackbar };
}
