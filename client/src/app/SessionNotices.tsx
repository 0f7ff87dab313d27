import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Snackbar from "@mui/material/Snackbar";
import { session } from "../lib/session.ts";
import { useSession } from "./useSession.ts";

/** What the spec calls alerts about the session: a dialog when it ended, a snackbar otherwise. */
export function SessionNotices() {
  const { notice } = useSession();
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
          <DialogContentText id="session-notice-text">{notice?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} variant="contained" autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={notice?.kind === "snackbar"}
        autoHideDuration={8000}
        onClose={(_event, reason) => reason !== "clickaway" && handleClose()}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert
          onClose={handleClose}
          severity={notice?.severity ?? "info"}
          variant="filled"
          sx={{ width: "100%" }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </>
  );
}
