import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { type BulkOutcome, outcomeText, type SelectedLoad } from "./bulk-run.ts";

interface BulkDialogProps {
  open: boolean;
  title: string;
  loads: readonly SelectedLoad[];
  /** The submit button ("Start bidding"). */
  action: string;
  /** The outcome's verb ("Bidding started on"). */
  did: string;
  /** The action's own fields, or a sentence. */
  children?: ReactNode;
  /** Checks the fields; a message stops the run. */
  check?(): string | null;
  run(onProgress: (finished: number) => void): Promise<BulkOutcome>;
  onClose(): void;
  /** After a run, with what it did (the list reloads and drops the done loads from the selection). */
  onFinished(outcome: BulkOutcome): void;
  destructive?: boolean;
}

/** A bulk action's dialog: its fields, a determinate progress bar while it runs, then what it did. */
export function BulkDialog(props: BulkDialogProps) {
  const { open, title, loads, action, did, children, check, run, onClose, onFinished } = props;
  const fullScreen = useMediaQuery("(max-width:600px)");
  const titleId = useId();
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(0);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (running) return;
    setOutcome(null);
    setProblem(null);
    setFinished(0);
    onClose();
  };
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const message = check?.() ?? null;
    setProblem(message);
    if (message) return;
    setRunning(true);
    setFinished(0);
    try {
      const result = await run(setFinished);
      setOutcome(result);
      onFinished(result);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {loads.length} {loads.length === 1 ? "load" : "loads"} selected:{" "}
            {loads
              .slice(0, 10)
              .map((load) => load.loadId)
              .join(", ")}
            {loads.length > 10 ? ` and ${loads.length - 10} more` : ""}
          </Typography>
          {outcome ? null : children}
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
          {running ? (
            <>
              <LinearProgress
                variant="determinate"
                value={(100 * finished) / Math.max(1, loads.length)}
                aria-label={`${title}: ${finished} of ${loads.length} done`}
                sx={{ mt: 2 }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
                {finished} of {loads.length} done
              </Typography>
            </>
          ) : null}
          {outcome ? (
            <Alert severity={outcome.failed.length ? "warning" : "success"} sx={{ mt: 1 }} role="status">
              {outcomeText(outcome, did)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={running}>
            {outcome ? "Close" : "Cancel"}
          </Button>
          {outcome ? null : (
            <Button
              type="submit"
              variant="contained"
              color={props.destructive ? "error" : "primary"}
              disabled={running || loads.length === 0}
            >
              {action}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
