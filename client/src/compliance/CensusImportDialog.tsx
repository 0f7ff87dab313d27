import UploadIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { CENSUS_MAX_BYTES, COMPLIANCE_MESSAGES } from "../../../common/compliance.ts";
import { NETWORK_ERROR_TEXT } from "../lib/request-errors.ts";
import { uploadForm } from "../lib/upload-form.ts";

/** What POST /api/carriers/compliance/census answers (its CarrierCensusImport schema). */
interface CensusResult {
  rows: number;
  matched: number;
  unmatched: number;
  errorCount: number;
  errors: { row: number; field: string; message: string }[];
}

const isCensusResult = (body: Record<string, unknown>): body is Record<string, unknown> & CensusResult =>
  typeof body.rows === "number" && typeof body.matched === "number" && Array.isArray(body.errors);

/** How many refused rows the dialog lists (the server lists up to 100). */
const SHOWN_ERRORS = 10;

export const CENSUS_TEXTS = {
  button: "Import census",
  title: "Import the FMCSA census",
  fileRequired: "Choose the census CSV file first.",
  fileHint: "CSV with DOT_NUMBER (and STATUS_CODE), up to 20 MB",
  summary: (result: CensusResult) =>
    `${result.rows} rows read: ${result.matched} matched and updated, ${result.unmatched} not on the platform, ${result.errorCount} with errors.`,
} as const;

interface CensusImportDialogProps {
  open: boolean;
  onClose(): void;
  /** After an import that matched carriers: the list may reload. */
  onImported(): void;
}

/**
 * An operator uploads the FMCSA census CSV (multipart, with the session's token and a progress
 * bar) and reads what it did: rows matched and updated, and the first refused rows. The parent
 * remounts it after each close.
 */
export function CensusImportDialog({ open, onClose, onImported }: CensusImportDialogProps) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<CensusResult | null>(null);
  const titleId = useId();
  const hintId = useId();
  const busy = progress !== null;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFailure(null);
    setResult(null);
    if (chosen && chosen.size > CENSUS_MAX_BYTES) {
      setFailure(COMPLIANCE_MESSAGES.censusTooLarge);
      setFile(null);
      event.target.value = "";
      return;
    }
    setFile(chosen);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFailure(CENSUS_TEXTS.fileRequired);
      return;
    }
    const form = new FormData();
    form.set("file", file, file.name);
    setProgress(0);
    setFailure(null);
    setResult(null);
    try {
      const answer = await uploadForm("/api/carriers/compliance/census", form, setProgress);
      if (answer.status === 200 && isCensusResult(answer.body)) {
        setResult(answer.body);
        if (answer.body.matched > 0) onImported();
      } else {
        setFailure(answer.body.message ?? `The import failed (${answer.status}).`);
      }
    } catch {
      setFailure(NETWORK_ERROR_TEXT);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{CENSUS_TEXTS.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Carriers are matched by DOT number; their authority status is set from STATUS_CODE and checked
            today.
          </DialogContentText>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadIcon />}
              aria-describedby={hintId}
              disabled={busy}
            >
              Choose CSV file
              <input
                type="file"
                name="file"
                accept=".csv,text/csv"
                hidden
                onChange={handleFile}
                data-testid="census-file"
              />
            </Button>
            <Typography id={hintId} variant="body2" sx={{ overflowWrap: "anywhere", flex: 1 }}>
              {file ? file.name : CENSUS_TEXTS.fileHint}
            </Typography>
          </Box>
          {busy && (
            <LinearProgress
              variant="determinate"
              value={Math.round((progress ?? 0) * 100)}
              aria-label="Upload progress"
              sx={{ mt: 2 }}
            />
          )}
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="census-error">
              {failure}
            </Alert>
          )}
          {result && (
            <Box sx={{ mt: 2 }} data-testid="census-result">
              <Alert severity={result.errorCount > 0 ? "warning" : "success"} role="status">
                {CENSUS_TEXTS.summary(result)}
              </Alert>
              {result.errors.length > 0 && (
                <>
                  <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                    First rows with errors
                  </Typography>
                  <List dense aria-label="Rows with errors">
                    {result.errors.slice(0, SHOWN_ERRORS).map((error) => (
                      <ListItem key={`${error.row}-${error.field}`} disableGutters>
                        Row {error.row}, {error.field}: {error.message}
                      </ListItem>
                    ))}
                  </List>
                </>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {result ? "Close" : "Cancel"}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Importing…" : "Import"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
