import { useCallback, useState } from "react";
import { untilOpened } from "./deferred.tsx";
import type { ToastMessage } from "./ToastPopup.tsx";
import { useLastShown } from "./useLastShown.ts";

// The snackbar and its alert load when a toast first shows (issue 27: not on the first screen).
const ToastPopup = untilOpened(() => import("./ToastPopup.tsx"));

export type { ToastMessage };

interface ToastOptions {
  autoHideDuration?: number;
  /** The alert's role: "alert" (the default) interrupts a screen reader, "status" waits its turn. */
  role?: "alert" | "status";
  "data-testid"?: string;
}

interface ToastProps extends ToastOptions {
  /** What to say; null hides the toast. */
  message: ToastMessage | null;
  onClose(): void;
}

/** The one confirmation (or failure) toast of every screen: bottom centre, filled, closable. */
export function Toast({
  message,
  onClose,
  autoHideDuration = 6000,
  role,
  "data-testid": testId,
}: ToastProps) {
  const shown = useLastShown(message);
  return (
    <ToastPopup
      open={message !== null}
      shown={shown}
      autoHideDuration={autoHideDuration}
      role={role}
      testId={testId}
      onClose={onClose}
    />
  );
}

/** A screen's toast and what shows it: `notify(text)` confirms, `notify(text, "error")` reports a failure. */
export function useToast(options: ToastOptions = {}) {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const notify = useCallback((text: string, severity: ToastMessage["severity"] = "success") => {
    setMessage({ severity, text });
  }, []);
  const toast = <Toast message={message} onClose={() => setMessage(null)} {...options} />;
  return { notify, toast };
}
