import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { BILLING_TEXTS, type Ledger } from "../../../common/billing.ts";
import { downloadFile } from "../lib/download.ts";
import { type MutationHandlers, placeProblems } from "../relay/mutation-failure.ts";
import { focusFirstInvalid } from "../ui/focus.ts";
import { problemProps } from "../ui/form/problem-props.ts";
import { SaveFailureAlert } from "../ui/form/SaveFailureAlert.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useFormValues } from "../ui/form/useFormValues.ts";
import { isStaleEdit, type ReloadFetch, useStaleEdit } from "../ui/form/useStaleEdit.ts";
import { useToast } from "../ui/Toast.tsx";
import { ActionsCell } from "./ActionsCell.tsx";
import { listPath } from "./billing-criteria.ts";
import { EntryFields } from "./EntryFields.tsx";
import {
  type EntryProblems,
  type EntryValues,
  entryFieldOf,
  entryProblems,
  type LineValues,
  lineProblems,
  lineProblemsOfFailure,
  linesInput,
} from "./entry-form.ts";
import { LineItemsEditor } from "./LineItemsEditor.tsx";
import { useLineItems } from "./useLineItems.ts";

export type LinesInput = ReturnType<typeof linesInput>;

interface EntryFormProps {
  ledger: Ledger;
  number: string;
  initial: EntryValues;
  /** The entry's line items as stored. */
  initialLines: LineValues[];
  /** More about the entry under the form's links (the POD, quick pay, a TONU proposal). */
  extra?: ReactNode;
  loadId: string | null;
  trackingLink: string | null;
  rateConfirmationUrl?: string | null;
  /** The version `initial` was read at: the first save sends it (refused if the entry moved since). */
  version: number;
  saving: boolean;
  /** Saves, naming the version the form's values come from; success answers the saved version. */
  onSave(
    values: EntryValues,
    loadId: string,
    /** The lines when the form changed them; undefined: the amount alone. */
    lines: LinesInput | undefined,
    expectedVersion: number,
    handlers: MutationHandlers<{ version: number }>,
  ): void;
  /** Fetches the entry again after a refused save; then the page starts the form over from it. */
  reload: ReloadFetch;
  onReloaded(): void;
}

/** The invoice or bill detail form: read-only number, the four fields, the linked load, 'Save Changes'. */
export function EntryForm({
  ledger,
  number,
  initial,
  initialLines,
  extra = null,
  loadId,
  trackingLink,
  rateConfirmationUrl = null,
  version,
  saving,
  onSave,
  reload,
  onReloaded,
}: EntryFormProps) {
  const { values, problems, setProblems, change, passes } = useFormValues<EntryValues, EntryProblems>(
    initial,
  );
  const items = useLineItems(initialLines, (amount) => change("amount", amount));
  const [load, setLoad] = useState(loadId ?? "");
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [baseVersion, setBaseVersion] = useState(version);
  const staleEdit = useStaleEdit(ledger === "receivable" ? "invoice" : "bill", reload, onReloaded);
  const { notify, toast } = useToast({ "data-testid": "entry-notice" });
  const numberLabel = ledger === "receivable" ? "Invoice Number" : "Bill Number";

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFailed(null);
    staleEdit.clear();
    const sendLines = items.touched && items.lines.length > 0;
    const foundLines = sendLines ? lineProblems(ledger, "edit", values, items.lines) : {};
    items.setProblems(foundLines);
    if (!passes(entryProblems(ledger, "edit", values), form)) return;
    if (Object.keys(foundLines).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    onSave(values, load, sendLines ? linesInput(items.lines) : undefined, baseVersion, {
      onSuccess: (saved) => {
        setBaseVersion(saved.version);
        notify(BILLING_TEXTS.saved);
      },
      onFailure: (failure) => {
        setProblems(placeProblems(failure, (field) => entryFieldOf(ledger, field)));
        items.setProblems(lineProblemsOfFailure(failure.fields));
        if (failure.fields.loadId) setLoadProblem(failure.fields.loadId);
        staleEdit.noteFailure(failure);
        // Someone else saved it since: their words and Reload; otherwise the spec's text.
        setFailed(isStaleEdit(failure) ? failure.message : BILLING_TEXTS.updateFailed);
        notify(BILLING_TEXTS.saveError, "error");
        focusFirstInvalid(form);
      },
    });
  };

  const handleRateConfirmation = async () => {
    if (!rateConfirmationUrl) return;
    try {
      await downloadFile(rateConfirmationUrl, `rate-confirmation-${number}.pdf`);
    } catch {
      notify("The rate confirmation could not be downloaded.", "error");
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label={`${numberLabel} ${number}`}>
        <SaveFailureAlert
          message={failed}
          thing={ledger === "receivable" ? "invoice" : "bill"}
          staleEdit={staleEdit}
          sx={{ mb: 2 }}
          data-testid="entry-save-error"
        />
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
            amountFromLines={items.amountFromLines}
            onChange={(field, value) => {
              change(field, value);
              if (field === "amount") items.followAmount(value);
            }}
          />
          <LineItemsEditor
            lines={items.lines}
            problems={items.problems}
            disabled={saving}
            onChange={items.changeLines}
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
            {...problemProps(loadProblem, "The load this belongs to (optional).")}
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
          {extra}
          <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
            <Button component={RouterLink} to={listPath(ledger)}>
              Back to the list
            </Button>
            <SubmitButton busy={saving} busyLabel="Saving…">
              Save Changes
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
      {toast}
    </Paper>
  );
}
