import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Snackbar from "@mui/material/Snackbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type FormEvent, useState } from "react";
import type { BillingStatus, Ledger } from "../../../common/billing.ts";
import { inlineFailureText, requestFailureText } from "../lib/request-errors.ts";
import type { MutationFailure } from "../relay/mutation-failure.ts";
import { focusFirstInvalid } from "../ui/focus.ts";
import { EntryFields } from "./EntryFields.tsx";
import {
  CREATE_TEXTS,
  EMPTY_ENTRY,
  type EntryField,
  type EntryProblems,
  type EntryValues,
  entryFieldOf,
  entryProblems,
} from "./entry-form.ts";
import { useCreateBillMutation } from "./useCreateBillMutation.ts";
import { useCreateInvoiceMutation } from "./useCreateInvoiceMutation.ts";

interface AddEntryDialogProps {
  ledger: Ledger;
  open: boolean;
  onClose(): void;
  onCreated(number: string): void;
}

/** 'Add Invoice' / 'Add Bill'. The parent remounts it after each close, which resets fields and errors. */
export function AddEntryDialog({ ledger, open, onClose, onCreated }: AddEntryDialogProps) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const [createInvoice, creatingInvoice] = useCreateInvoiceMutation();
  const [createBill, creatingBill] = useCreateBillMutation();
  const isCreating = creatingInvoice || creatingBill;
  const [values, setValues] = useState<EntryValues>(EMPTY_ENTRY);
  const [problems, setProblems] = useState<EntryProblems>({});
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const texts = CREATE_TEXTS[ledger];

  const handleChange = (field: EntryField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  const handleFailure = (failure: MutationFailure) => {
    const placed: EntryProblems = {};
    for (const [field, message] of Object.entries(failure.fields)) {
      const name = entryFieldOf(ledger, field);
      if (name) placed[name] = message;
    }
    setProblems(placed);
    setInlineError(inlineFailureText(failure, texts.inlineFallback));
    setAlert(requestFailureText(failure, texts.conflict));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInlineError(null);
    const found = entryProblems(ledger, "create", values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const status = values.status as BillingStatus;
    if (ledger === "receivable") {
      createInvoice(
        { input: { customerPayer: values.party, dueDate: values.date, amountDue: values.amount, status } },
        { onSuccess: ({ invoice }) => onCreated(invoice.invoiceNumber), onFailure: handleFailure },
      );
    } else {
      createBill(
        { input: { carrier: values.party, paymentDate: values.date, amount: values.amount, status } },
        { onSuccess: ({ bill }) => onCreated(bill.billNumber), onFailure: handleFailure },
      );
    }
  };

  const titleId = `add-${ledger}-title`;
  return (
    <Dialog
      open={open}
      onClose={isCreating ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{texts.title}</DialogTitle>
        <DialogContent>
          {inlineError ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="add-entry-error">
              {inlineError}
            </Alert>
          ) : null}
          <Box sx={{ pt: 1 }}>
            <EntryFields
              ledger={ledger}
              values={values}
              problems={problems}
              disabled={isCreating}
              autoFocus
              onChange={handleChange}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isCreating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isCreating}>
            {isCreating ? "Saving…" : texts.title}
          </Button>
        </DialogActions>
      </Box>
      <Snackbar
        open={alert !== null}
        autoHideDuration={8000}
        onClose={() => setAlert(null)}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert severity="error" variant="filled" onClose={() => setAlert(null)} data-testid="add-entry-alert">
          {alert}
        </Alert>
      </Snackbar>
    </Dialog>
  );
}
