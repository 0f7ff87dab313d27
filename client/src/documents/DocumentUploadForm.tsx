import UploadIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "../../../common/documents.ts";
import { NETWORK_ERROR_TEXT } from "../lib/request-errors.ts";
import { uploadForm } from "../lib/upload-form.ts";

interface DocumentUploadFormProps {
  /** Where the form is POSTed (a load's or a carrier's documents). */
  path: string;
  /** The types offered, with their labels; the first is chosen at first. */
  types: readonly string[];
  labels: Record<string, string>;
  /** The type chosen at first (else the first of `types`). */
  initialType?: string;
  /** The type that carries an optional expiry day (a carrier's insurance certificate). */
  expiryType?: string;
  onUploaded(): void;
}

const ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/** Choose a type and a file, upload it with a progress bar; the server's refusal shown as it says it. */
export function DocumentUploadForm({
  path,
  types,
  labels,
  initialType,
  expiryType,
  onUploaded,
}: DocumentUploadFormProps) {
  const [type, setType] = useState<string>(initialType ?? types[0] ?? "OTHER");
  const [expiry, setExpiry] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileLabel = useId();

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setMessage(null);
    if (chosen && chosen.size > MAX_DOCUMENT_BYTES) {
      setMessage({ error: true, text: DOCUMENT_MESSAGES.tooLarge });
      setFile(null);
      event.target.value = "";
      return;
    }
    setFile(chosen);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMessage({ error: true, text: DOCUMENT_MESSAGES.fileRequired });
      return;
    }
    const form = new FormData();
    form.set("type", type);
    if (expiryType !== undefined && type === expiryType && expiry !== "")
      form.set("insuranceExpiresOn", expiry);
    form.set("file", file, file.name);
    setProgress(0);
    setMessage(null);
    try {
      const answer = await uploadForm(path, form, setProgress);
      if (answer.status === 201) {
        setMessage({ error: false, text: `${file.name} uploaded.` });
        setFile(null);
        if (input.current) input.current.value = "";
        onUploaded();
      } else {
        setMessage({ error: true, text: answer.body.message ?? `The upload failed (${answer.status}).` });
      }
    } catch {
      setMessage({ error: true, text: NETWORK_ERROR_TEXT });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate sx={{ mt: 2 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <TextField
          select
          label="Document type"
          size="small"
          value={type}
          onChange={(event) => setType(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          {types.map((value) => (
            <MenuItem key={value} value={value}>
              {labels[value] ?? value}
            </MenuItem>
          ))}
        </TextField>
        {expiryType !== undefined && type === expiryType && (
          <TextField
            type="date"
            label="Expires on"
            size="small"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        <Button component="label" variant="outlined" startIcon={<UploadIcon />} aria-describedby={fileLabel}>
          Choose file
          <input ref={input} type="file" accept={ACCEPT} hidden onChange={handleFile} />
        </Button>
        <Typography id={fileLabel} variant="body2" sx={{ overflowWrap: "anywhere", flex: 1 }}>
          {file ? file.name : "PDF, JPEG or PNG, up to 10 MB"}
        </Typography>
        <Button type="submit" variant="contained" disabled={progress !== null}>
          Upload
        </Button>
      </Stack>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label="Upload progress"
          sx={{ mt: 2 }}
        />
      )}
      {message && (
        <Alert
          severity={message.error ? "error" : "success"}
          role={message.error ? "alert" : "status"}
          sx={{ mt: 2 }}
        >
          {message.text}
        </Alert>
      )}
    </Box>
  );
}
