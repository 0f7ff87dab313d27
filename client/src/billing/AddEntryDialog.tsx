import Box from "@mui/material/Box";
import { type FormEvent, useState } from "react";
import type { BillingStatus, Ledger } from "../../../common/billing.ts";
import { inlineFailureText, requestFailureText } from "../lib/request-errors.ts";
import { type MutationFailure, placeProblems } from "../relay/mutation-failure.ts";
import { focusFirstInvalid } from "../ui/focus.ts";
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
  lineProblems,
  lineProblemsOfFailure,
  linesInput,
} from "./entry-form.ts";
import { LineItemsEditor } from "./LineItemsEditor.tsx";
import { useCreateBillMutation } from "./useCreateBillMutation.ts";
import { useCreateInvoiceMutation } from "./useCreateInvoiceMutation.ts";
import { useLineItems } from "./useLineItems.ts";

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
  const items = useLineItems([], (amount) => change("amount", amount));

  const handleFailure = (failure: MutationFailure) => {
    setProblems(placeProblems(failure, (field) => entryFieldOf(ledger, field)));
    items.setProblems(lineProblemsOfFailure(failure.fields));
    setInlineError(inlineFailureText(failure, texts.inlineFallback));
    setAlert(requestFailureText(failure, texts.conflict));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInlineError(null);
    const form = event.currentTarget;
    const sendLines = items.touched && items.lines.length > 0;
    const foundLines = sendLines ? lineProblems(ledger, "create", values, items.lines) : {};
    items.setProblems(foundLines);
    if (!passes(entryProblems(ledger, "create", values), form)) return;
    if (Object.keys(foundLines).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    const status = values.status as BillingStatus;
    const lines = sendLines ? linesInput(items.lines) : undefined;
    if (ledger === "receivable") {
      createInvoice(
        {
          input: {
            customerPayer: values.party,
            dueDate: values.date,
            amountDue: values.amount,
            status,
            lines,
          },
        },
        { onSuccess: ({ invoice }) => onCreated(invoice.invoiceNumber), onFailure: handleFailure },
      );
    } else {
      createBill(
        { input: { carrier: values.party, paymentDate: values.date, amount: values.amount, status, lines } },
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
      <Box sx={{ pt: 1, display: "grid", gap: 2 }}>
        <EntryFields
          ledger={ledger}
          values={values}
          problems={problems}
          disabled={isCreating}
          autoFocus
          amountFromLines={items.amountFromLines}
          onChange={(field, value) => {
            change(field, value);
            if (field === "amount") items.followAmount(value);
          }}
        />
        <LineItemsEditor
          lines={items.lines}
          problems={items.problems}
          disabled={isCreating}
          onChange={items.changeLines}
        />
      </Box>
    </FormDialog>
  );
}
