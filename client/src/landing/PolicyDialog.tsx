import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { CONTACT_DETAILS } from "./content.ts";

interface PolicyDialogProps {
  title: string | null;
  onClose: () => void;
}

/** The footer's "page in preparation" notice; a separate download fetched on the first click. */
export default function PolicyDialog({ title, onClose }: PolicyDialogProps) {
  return (
    <Dialog open={title !== null} onClose={onClose} aria-labelledby="policy-title">
      <DialogTitle id="policy-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          We are preparing this page. Until it is published, write to {CONTACT_DETAILS.email} or use the
          contact form and we will answer your questions.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button href="#contact" onClick={onClose}>
          Contact us
        </Button>
        <Button onClick={onClose} variant="contained" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
