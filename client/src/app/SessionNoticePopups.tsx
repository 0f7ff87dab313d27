import Alert from "@mui/material/Alert";
import Snackbar from "@mui/material/Snackbar";
import type { SessionNotice } from "../lib/session-store.ts";
import { MessageDialog } from "../ui/MessageDialog.tsx";

const NOTICE_HIDES_AFTER_MS = 6000;

export interface SessionNoticePopupsProps {
  notice: SessionNotice | null;
  /** The notice shown (kept while it closes). */
  shown: SessionNotice | null;
  onClose(): void;
}

/** SessionNotices' dialog and snackbar, loaded when the first notice comes (ui/deferred.tsx). */
export default function SessionNoticePopups({ notice, shown, onClose }: SessionNoticePopupsProps) {
  return (
    <>
      <MessageDialog
        open={notice?.kind === "dialog"}
        title="Session ended"
        message={shown?.message}
        onClose={onClose}
      />
      <Snackbar
        open={notice?.kind === "snackbar"}
        autoHideDuration={NOTICE_HIDES_AFTER_MS}
        // It hides on time even while the window is in the background, so it never lingers.
        disableWindowBlurListener
        onClose={(_event, reason) => reason !== "clickaway" && onClose()}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        // Under any dialog (modal z-index), never drawn over one.
        sx={{ zIndex: (theme) => theme.zIndex.modal - 1 }}
      >
        <Alert onClose={onClose} severity={shown?.severity ?? "info"} variant="filled" sx={{ width: "100%" }}>
          {shown?.message}
        </Alert>
      </Snackbar>
    </>
  );
}
