import Box from "@mui/material/Box";
import { type FormEvent, useState } from "react";
import type { BillingStatus, Ledger } from "../../../common/billing.ts";
import { inlineFailureText, requestFailureText } from "../lib/request-errors.ts";
import { type MutationFailure, placeProblems } from "../relay/mutation-failure.ts";
import { FormDialog } from "../ui/form/FormDialog.tsx";
import { useFormValues } from "../ui/form/useFormValues.ts";
import { EntryFields } from "./EntryFields.tsx";
import {
  CREATE_TEXTS,
  EMPTY_ENTRY,
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
  const [createInvoice, creatingInvoice] = useCreateInvoiceMutation();
  const [createBill, creatingBill] = useCreateBillMutation();
  const isCreating = creatingInvoice || creatingBill;
  const { values, problems, setProblems, change, passes } = useFormValues<EntryValues, EntryProblems>(
    EMPTY_ENTRY,
  );
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const texts = CREATE_TEXTS[ledger];

  const handleFailure = (failure: MutationFailure) => {
    setProblems(placeProblems(failure, (field) => entryFieldOf(ledger, field)));
    setInlineError(inlineFailureText(failure, texts.inlineFallback));
    setAlert(requestFailureText(failure, texts.conflict));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInlineError(null);
    if (!passes(entryProblems(ledger, "create", values), event.currentTarget)) return;
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

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId={`add-${ledger}-title`}
      title={texts.title}
      onSubmit={handleSubmit}
      busy={isCreating}
      submitLabel={texts.title}
      error={inlineError}
      errorTestId="add-entry-error"
      alert={alert}
      onAlertClose={() => setAlert(null)}
      alertTestId="add-entry-alert"
    >
      <Box sx={{ pt: 1 }}>
        <EntryFields
          ledger={ledger}
          values={values}
          problems={problems}
          disabled={isCreating}
          autoFocus
          onChange={change}
        />
      </Box>
    </FormDialog>
  );
}
