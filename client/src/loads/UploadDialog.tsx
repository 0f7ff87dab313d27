import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type DragEvent, type FormEvent, useMemo, useRef, useState } from "react";
import {
  DEFAULT_STREAM,
  NO_UPLOAD_DATA,
  SELECT_STREAM,
  STREAMS,
  UPLOAD_FAILED,
  UPLOADING,
} from "./messages.ts";
import { parseCsvFile } from "./parse-csv.ts";
import { UploadPreview } from "./UploadPreview.tsx";
import { UploadProblems } from "./UploadProblems.tsx";
import {
  combineFiles,
  FILE_INPUT_ACCEPT,
  fileProblem,
  type ParsedFile,
  previewOf,
  type UploadProblem,
  uploadProblems,
  uploadRequests,
} from "./upload-table.ts";
import { useUploadLoadsMutation } from "./useUploadLoadsMutation.ts";

interface PickedFile {
  id: number;
  file: File;
  parsed: ParsedFile | null;
  failed: string | null;
}

interface Progress {
  request: number;
  requests: number;
  /** Share of the request body sent; 1 once it is all out and the server is working. */
  sent: number;
}

interface Failure {
  message: string | null;
  problems: UploadProblem[];
}

export interface UploadSummary {
  rowCount: number;
  createdCount: number;
  updatedCount: number;
  /** Rows not written because someone changed their load while the file was uploading. */
  skippedLoadIds: string[];
}

interface UploadDialogProps {
  open: boolean;
  onClose(): void;
  /** Everything was uploaded: the dialog has cleared itself. */
  onUploaded(summary: UploadSummary): void;
  /** Some files were uploaded before a later one was refused: the list should show them. */
  onPartlyUploaded(): void;
}

let nextFileId = 1;

function progressText(progress: Progress): string {
  const part = progress.requests > 1 ? ` part ${progress.request + 1} of ${progress.requests}` : "";
  if (progress.sent >= 1) return `Saving the loads${part} on the server…`;
  return `Sending${part}: ${Math.round(progress.sent * 100)}%`;
}

/** 'Manual update': CSV/TXT files, parsed in the browser, checked and written by the server. */
export function UploadDialog({ open, onClose, onUploaded, onPartlyUploaded }: UploadDialogProps) {
  const upload = useUploadLoadsMutation();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [stream, setStream] = useState<string>(DEFAULT_STREAM);
  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [dragging, setDragging] = useState(false);

  const uploading = progress !== null;
  const parsing = files.some((picked) => !picked.parsed && !picked.failed);
  const parsedFiles = useMemo(
    () => files.flatMap((picked) => (picked.parsed ? [picked.parsed] : [])),
    [files],
  );
  const preview = useMemo(
    () => (parsedFiles.length ? previewOf(combineFiles(parsedFiles)) : null),
    [parsedFiles],
  );
  const warnings = parsedFiles.flatMap((file) => file.warnings);

  const addFiles = (list: FileList | File[] | null) => {
    if (!list || uploading) return;
    const problems: string[] = [];
    const added: PickedFile[] = [];
    for (const file of Array.from(list)) {
      const problem = fileProblem(file);
      if (problem) problems.push(problem);
      else added.push({ id: nextFileId++, file, parsed: null, failed: null });
    }
    setRefusals(problems);
    setFormError(null);
    setFailure(null);
    if (added.length === 0) return;
    setFiles((current) => [...current, ...added]);
    for (const picked of added) {
      parseCsvFile(picked.file).then(
        (parsed) =>
          setFiles((current) => current.map((item) => (item.id === picked.id ? { ...item, parsed } : item))),
        (error: unknown) =>
          setFiles((current) =>
            current.map((item) =>
              item.id === picked.id
                ? {
                    ...item,
                    failed: `${picked.file.name} could not be read: ${error instanceof Error ? error.message : "unknown error"}`,
                  }
                : item,
            ),
          ),
      );
    }
  };

  const handleRemove = (id: number) => {
    setFiles((current) => current.filter((item) => item.id !== id));
    setFailure(null);
    setFormError(null);
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || parsing) return;
    setFailure(null);
    if (!stream) {
      setFormError(SELECT_STREAM);
      return;
    }
    const rowCount = parsedFiles.reduce((sum, file) => sum + file.rows.length, 0);
    if (rowCount === 0) {
      setFormError(NO_UPLOAD_DATA);
      return;
    }
    setFormError(null);
    const requests = uploadRequests(parsedFiles);
    const summary: UploadSummary = { rowCount, createdCount: 0, updatedCount: 0, skippedLoadIds: [] };
    const uploadedNames = new Set<string>();
    for (const [index, request] of requests.entries()) {
      setProgress({ request: index, requests: requests.length, sent: 0 });
      const outcome = await upload({
        upload: request,
        stream,
        onProgress: (sent, total) =>
          setProgress({ request: index, requests: requests.length, sent: total > 0 ? sent / total : 0 }),
      });
      if (outcome.kind !== "uploaded") {
        setProgress(null);
        if (uploadedNames.size > 0) {
          setFiles((current) => current.filter((item) => !uploadedNames.has(item.file.name)));
          onPartlyUploaded();
        }
        const done =
          uploadedNames.size > 0 ? ` ${[...uploadedNames].join(", ")} uploaded; the rest was not.` : "";
        setFailure(
          outcome.kind === "refused"
            ? {
                message: `${outcome.message}${done}`,
                problems: uploadProblems(outcome.fields, request.files),
              }
            : { message: outcome.message ? `${outcome.message}${done}` : done.trim() || null, problems: [] },
        );
        return;
      }
      summary.createdCount += outcome.createdCount;
      summary.updatedCount += outcome.updatedCount;
      summary.skippedLoadIds.push(...outcome.skippedLoadIds);
      for (const file of request.files) uploadedNames.add(file.name);
    }
    setProgress(null);
    // The spec: a successful upload clears the stream too; a cancelled dialog reopens as new (USPS).
    clearChoices("");
    onUploaded(summary);
  };

  /** The next opening starts with no files, whether this one uploaded or was cancelled. */
  const clearChoices = (nextStream: string) => {
    setFiles([]);
    setRefusals([]);
    setStream(nextStream);
    setFormError(null);
    setFailure(null);
    if (inputRef.current) inputRef.current.value = "";
  };

  const handleCancel = () => {
    clearChoices(DEFAULT_STREAM);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={uploading ? undefined : handleCancel}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="upload-loads-title"
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="upload-loads-title">Upload loads</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Box
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={handleDrop}
              data-testid="upload-dropzone"
              sx={{
                border: 2,
                borderStyle: "dashed",
                borderColor: dragging ? "secondary.main" : "divider",
                bgcolor: dragging ? "action.hover" : "transparent",
                borderRadius: 2,
                p: 3,
                textAlign: "center",
              }}
            >
              <UploadFileIcon color="action" fontSize="large" aria-hidden />
              <Typography sx={{ mb: 1 }}>
                Drag and drop .csv or .txt files here (5 MB each at most), or
              </Typography>
              {/* A real button (Enter and Space work) that opens the hidden file input. */}
              <Button variant="outlined" disabled={uploading} onClick={() => inputRef.current?.click()}>
                Choose files
              </Button>
              <input
                ref={inputRef}
                hidden
                type="file"
                multiple
                accept={FILE_INPUT_ACCEPT}
                aria-label="Choose files"
                onChange={(event) => {
                  addFiles(event.target.files);
                  event.target.value = "";
                }}
              />
            </Box>
            {refusals.map((refusal) => (
              <Alert
                key={refusal}
                severity="warning"
                onClose={() => setRefusals((all) => all.filter((item) => item !== refusal))}
              >
                {refusal}
              </Alert>
            ))}
            {files.length > 0 ? (
              <Box
                component="ul"
                aria-label="Chosen files"
                sx={{ display: "flex", flexWrap: "wrap", gap: 1, listStyle: "none", p: 0, m: 0 }}
              >
                {files.map((picked) => (
                  <li key={picked.id}>
                    <Chip
                      label={
                        picked.parsed
                          ? `${picked.file.name} · ${picked.parsed.rows.length.toLocaleString("en-US")} rows`
                          : picked.failed
                            ? `${picked.file.name} · unreadable`
                            : `${picked.file.name} · reading…`
                      }
                      color={picked.failed ? "error" : "default"}
                      icon={!picked.parsed && !picked.failed ? <CircularProgress size={14} /> : undefined}
                      onDelete={uploading ? undefined : () => handleRemove(picked.id)}
                      title="Delete or Backspace removes the file"
                    />
                  </li>
                ))}
              </Box>
            ) : null}
            {files
              .flatMap((picked) => (picked.failed ? [picked.failed] : []))
              .map((text) => (
                <Alert key={text} severity="error">
                  {text}
                </Alert>
              ))}
            {warnings.length > 0 ? (
              <Alert severity="warning">
                {warnings.map((warning) => (
                  <Typography key={warning} variant="body2">
                    {warning}
                  </Typography>
                ))}
              </Alert>
            ) : null}
            {preview ? <UploadPreview preview={preview} fileCount={parsedFiles.length} /> : null}
            <TextField
              select
              label="Stream"
              value={stream}
              onChange={(event) => {
                setStream(event.target.value);
                setFormError(null);
              }}
              error={formError === SELECT_STREAM}
              sx={{ maxWidth: 280 }}
            >
              <MenuItem value="">
                <em>Select a stream</em>
              </MenuItem>
              {STREAMS.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
            {progress ? (
              <Box role="status" aria-live="polite">
                <LinearProgress
                  variant={progress.sent >= 1 ? "indeterminate" : "determinate"}
                  value={Math.round(progress.sent * 100)}
                  aria-label="Upload progress"
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {progressText(progress)}
                </Typography>
              </Box>
            ) : null}
          </Stack>
        </DialogContent>
        {/* Outside the scrolling content, right above the buttons: on a phone a long preview would
            otherwise push the answer below the fold. */}
        {formError || failure ? (
          <Box sx={{ px: 3, pt: 2, flexShrink: 0 }}>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            {failure ? (
              <UploadProblems title={UPLOAD_FAILED} message={failure.message} problems={failure.problems} />
            ) : null}
          </Box>
        ) : null}
        <DialogActions>
          <Button onClick={handleCancel} disabled={uploading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={uploading || parsing}>
            {uploading ? UPLOADING : "Upload"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
