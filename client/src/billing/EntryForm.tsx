import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { BILLING_TEXTS, type Ledger } from "../../../common/billing.ts";
import type { MutationHandlers } from "../relay/mutation-failure.ts";
import { focusFirstInvalid } from "../ui/focus.ts";
import { ActionsCell } from "./ActionsCell.tsx";
import { listPath } from "./billing-criteria.ts";
import { downloadFile } from "./download.ts";
import { EntryFields } from "./EntryFields.tsx";
import {
  type EntryField,
  type EntryProblems,
  type EntryValues,
  entryFieldOf,
  entryProblems,
} from "./entry-form.ts";

interface EntryFormProps {
  ledger: Ledger;
  number: string;
  initial: EntryValues;
  loadId: string | null;
  trackingLink: string | null;
  rateConfirmationUrl?: string | null;
  saving: boolean;
  onSave(values: EntryValues, loadId: string, handlers: MutationHandlers<unknown>): void;
}

/** The invoice or bill detail form: read-only number, the four fields, the linked load, 'Save Changes'. */
export function EntryForm({
  ledger,
  number,
  initial,
  loadId,
  trackingLink,
  rateConfirmationUrl = null,
  saving,
  onSave,
}: EntryFormProps) {
  const [values, setValues] = useState(initial);
  const [load, setLoad] = useState(loadId ?? "");
  const [problems, setProblems] = useState<EntryProblems>({});
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const numberLabel = ledger === "receivable" ? "Invoice Number" : "Bill Number";

  const handleChange = (field: EntryField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = entryProblems(ledger, "edit", values);
    setProblems(found);
    setFailed(false);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    onSave(values, load, {
      onSuccess: () => setNotice({ severity: "success", text: BILLING_TEXTS.saved }),
      onFailure: ({ fields }) => {
        const placed: EntryProblems = {};
        for (const [field, message] of Object.entries(fields)) {
          const name = entryFieldOf(ledger, field);
          if (name) placed[name] = message;
          if (field === "loadId") setLoadProblem(message);
        }
        setProblems(placed);
        setFailed(true);
        setNotice({ severity: "error", text: BILLING_TEXTS.saveError });
        focusFirstInvalid(form);
      },
    });
  };

  const handleRateConfirmation = async () => {
    if (!rateConfirmationUrl) return;
    try {
      await downloadFile(rateConfirmationUrl, `rate-confirmation-${number}.pdf`);
    } catch {
      setNotice({ severity: "error", text: "The rate confirmation could not be downloaded." });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label={`${numberLabel} ${number}`}>
        {failed ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="entry-save-error">
            {BILLING_TEXTS.updateFailed}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          <TextField
            label={numberLabel}
            value={number}
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText="Given by the server; cannot change."
          />
          <EntryFields
            ledger={ledger}
            values={values}
            problems={problems}
            disabled={saving}
            onChange={handleChange}
          />
          <TextField
            label="Load ID"
            name="loadId"
            value={load}
            disabled={saving}
            onChange={(event) => {
              setLoad(event.target.value);
              setLoadProblem(null);
            }}
            error={Boolean(loadProblem)}
            helperText={loadProblem ?? "The load this belongs to (optional)."}
          />
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
            {loadId ? (
              <Typography variant="body2">
                Linked load:{" "}
                <Link component={RouterLink} to={`/admin/ila/load/${encodeURIComponent(loadId)}`}>
                  {loadId}
                </Link>
              </Typography>
            ) : null}
            {trackingLink ? (
              <Typography variant="body2" component="span">
                Tracking: <ActionsCell trackingLink={trackingLink} label={number} />
              </Typography>
            ) : null}
            {rateConfirmationUrl ? (
              <Button size="small" variant="outlined" onClick={handleRateConfirmation}>
                Rate confirmation (PDF)
              </Button>
            ) : null}
          </Box>
          <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
            <Button component={RouterLink} to={listPath(ledger)}>
              Back to the list
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? "Saving…" : "Save Changes"}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Snackbar
        open={notice !== null}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert
          severity={notice?.severity ?? "success"}
          variant="filled"
          onClose={() => setNotice(null)}
          data-testid="entry-notice"
        >
          {notice?.text}
        </Alert>
      </Snackbar>
    </Paper>
  );
}
