import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { session } from "../lib/session.ts";
import { Dialog, Snackbar } from "../ui/overlays.ts";
import { useLastShown } from "../ui/useLastShown.ts";
import { useSession } from "./useSession.ts";

const NOTICE_HIDES_AFTER_MS = 6000;

/**
 * What the spec calls alerts about the session: a dialog when it ended, a snackbar otherwise.
 * The snackbar shows once: closing it, its timeout or logging out drops it from the session store.
 */
export function SessionNotices() {
  const { notice } = useSession();
  const shown = useLastShown(notice);
  const handleClose = () => session.dismissNotice();
  return (
    <>
      <Dialog
        open={notice?.kind === "dialog"}
        onClose={handleClose}
        aria-labelledby="session-notice-title"
        aria-describedby="session-notice-text"
      >
        <DialogTitle id="session-notice-title">Session ended</DialogTitle>
        <DialogContent>
          <DialogContentText id="session-notice-text">{shown?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} variant="contained" autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={notice?.kind === "snackbar"}
        autoHideDuration={NOTICE_HIDES_AFTER_MS}
        // It hides on time even while the window is in the background, so it never lingers.
        disableWindowBlurListener
        onClose={(_event, reason) => reason !== "clickaway" && handleClose()}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        // Under any dialog (modal z-index), never drawn over one.
        sx={{ zIndex: (theme) => theme.zIndex.modal - 1 }}
      >
        <Alert
          onClose={handleClose}
          severity={shown?.severity ?? "info"}
          variant="filled"
          sx={{ width: "100%" }}
        >
          {shown?.message}
        </Alert>
      </Snackbar>
    </>
  );
}
