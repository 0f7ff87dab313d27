import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, type DragEvent, useRef, useState } from "react";
import { NASS_COLUMNS } from "../../../common/routing.ts";
import { parseCsvFile } from "../loads/parse-csv.ts";
import { FILE_INPUT_ACCEPT, fileProblem, type ParsedFile } from "../loads/upload-table.ts";
import { UPLOAD_PROGRESS } from "../relay/network.ts";
import { useImportNassCodesMutation } from "./useImportNassCodesMutation.ts";

export const NASS_IMPORT_FAILED = "There was an error importing the NASS codes.";

interface Problem {
  field: string;
  message: string;
}

interface NassImportDialogProps {
  open: boolean;
  onClose(): void;
  onImported(message: string): void;
}

/**
 * 'Import NASS CSV': one .csv/.txt file (5 MB at most) with a header row, read like the load
 * upload; the server checks every row and imports all of them or none.
 */
export function NassImportDialog({ open, onClose, onImported }: NassImportDialogProps) {
  // The parse gives the preview; the file's text is what is sent (the server reads it the same way).
  const [file, setFile] = useState<(ParsedFile & { text: string }) | null>(null);
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: Problem[] } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [importCodes] = useImportNassCodesMutation();
  const busy = reading || progress !== null;

  const reset = () => {
    setFile(null);
    setPickProblem(null);
    setFailure(null);
    setProgress(null);
  };
  const handleClose = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    reset();
    const problem = fileProblem(picked);
    if (problem) {
      setPickProblem(problem);
      return;
    }
    setReading(true);
    try {
      const [parsed, text] = await Promise.all([parseCsvFile(picked), picked.text()]);
      setFile({ ...parsed, text });
    } catch {
      setPickProblem(`${picked.name} could not be read.`);
    } finally {
      setReading(false);
    }
  };
  const handleImport = () => {
    if (!file || busy) return;
    setFailure(null);
    setProgress(0);
    importCodes(
      {
        input: { csv: file.text, fileName: file.name },
      },
      {
        onSuccess: ({ createdCount, updatedCount, skipped }) => {
          setProgress(null);
          reset();
          // Codes someone edited while the file was importing kept the edit (the server skipped their rows).
          const kept = skipped.length
            ? ` ${skipped.length} skipped: someone changed ${skipped.map((row) => row.code).join(", ")} while the file was importing, and their changes were kept.`
            : "";
          onImported(`NASS codes imported: ${createdCount} new, ${updatedCount} updated.${kept}`);
        },
        onFailure: (failure) => {
          setProgress(null);
          setFailure({
            message: (failure.kind === "http" && failure.message) || NASS_IMPORT_FAILED,
            problems: [...failure.problems],
          });
        },
      },
      {
        metadata: {
          [UPLOAD_PROGRESS]: (sent: number, total: number) => setProgress(total > 0 ? sent / total : 1),
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="sm" aria-labelledby="nass-import-title">
      <DialogTitle id="nass-import-title">Import NASS CSV</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`A header row with the NASS columns (${NASS_COLUMNS.map(([title]) => title).join(", ")}); Latitude and Longitude are optional (otherwise the ZIP code's centre). Existing codes are updated; empty cells keep their values.`}
        </Typography>
        <Box
          onDragOver={(event: DragEvent) => event.preventDefault()}
          onDrop={(event: DragEvent) => {
            event.preventDefault();
            void pick(event.dataTransfer.files[0]);
          }}
          sx={{
            border: 2,
            borderStyle: "dashed",
            borderColor: "divider",
            borderRadius: 1,
            p: 3,
            textAlign: "center",
          }}
        >
          <input
            ref={input}
            type="file"
            accept={FILE_INPUT_ACCEPT}
            hidden
            data-testid="nass-file-input"
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              void pick(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            Choose file
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            or drop a .csv or .txt file here (5 MB at most)
          </Typography>
        </Box>
        {reading ? <LinearProgress sx={{ mt: 2 }} aria-label="Reading the file" /> : null}
        {file ? (
          <Typography sx={{ mt: 2 }} data-testid="nass-file-summary">
            {`${file.name}: ${file.rows.length.toLocaleString("en-US")} ${file.rows.length === 1 ? "row" : "rows"}`}
          </Typography>
        ) : null}
        {file?.warnings.length ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {file.warnings.join(" ")}
          </Alert>
        ) : null}
        {pickProblem ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {pickProblem}
          </Alert>
        ) : null}
        {progress !== null ? (
          <Box sx={{ mt: 2 }}>
            <LinearProgress
              variant={progress < 1 ? "determinate" : "indeterminate"}
              value={progress * 100}
              aria-label="Importing NASS codes"
            />
            <Typography variant="caption" color="text.secondary">
              {progress < 1 ? `Sending… ${Math.round(progress * 100)}%` : "Importing…"}
            </Typography>
          </Box>
        ) : null}
        {failure ? (
          <Alert
            severity="error"
            role="alert"
            sx={{ mt: 2, "& .MuiAlert-message": { width: "100%", minWidth: 0 } }}
          >
            <AlertTitle>Nothing was imported</AlertTitle>
            <Typography variant="body2">{failure.message}</Typography>
            {failure.problems.length > 0 ? (
              <Box
                component="ul"
                aria-label="Import problems"
                tabIndex={0}
                sx={{ maxHeight: 200, overflowY: "auto", m: 0, mt: 1, pl: 2.5 }}
              >
                {failure.problems.map((problem) => (
                  <li key={`${problem.field}-${problem.message}`}>
                    <Typography variant="body2" component="span">
                      {problem.message}
                    </Typography>
                  </li>
                ))}
              </Box>
            ) : null}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleImport} disabled={!file || busy}>
          {progress !== null ? "Importing..." : "Import"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
