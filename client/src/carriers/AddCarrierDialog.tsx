import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { inlineFailureText, requestFailureText } from "../lib/request-errors.ts";
import { placeProblems } from "../relay/mutation-failure.ts";
import { ChoiceField } from "../ui/form/ChoiceField.tsx";
import { FormDialog } from "../ui/form/FormDialog.tsx";
import { problemProps } from "../ui/form/problem-props.ts";
import { useFormValues } from "../ui/form/useFormValues.ts";
import {
  CARRIER_TEXTS,
  CARRIER_TYPES,
  EMPTY_NEW_CARRIER,
  type NewCarrierField,
  type NewCarrierValues,
  newCarrierFieldOfServer,
  newCarrierProblems,
  type Problems,
} from "./carrier-rules.ts";
import { useCreateCarrierMutation } from "./useCreateCarrierMutation.ts";

export interface CreatedCarrier {
  carrierId: string;
  carrierName: string;
}

interface AddCarrierDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(carrier: CreatedCarrier): void;
}

const TEXT_FIELDS: readonly {
  name: Exclude<NewCarrierField, "type">;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email";
}[] = [
  { name: "carrierName", label: "Carrier Name", autoComplete: "organization" },
  { name: "dotNumber", label: "DOT #", inputMode: "numeric" },
  { name: "mcNumber", label: "MC #" },
  { name: "contact", label: "Contact", autoComplete: "name" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email" },
];

/** The 'Add Carrier' modal. Its parent remounts it after each close, which resets fields and errors. */
export function AddCarrierDialog({ open, onClose, onCreated }: AddCarrierDialogProps) {
  const [create, isCreating] = useCreateCarrierMutation();
  const form = useFormValues<NewCarrierValues, Problems<NewCarrierField>>(EMPTY_NEW_CARRIER);
  const { values, problems, setProblems } = form;
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const handleChange = <Name extends NewCarrierField>(name: Name, value: NewCarrierValues[Name]) => {
    form.change(name, value);
    // The refusal was about what the user is now changing: it no longer holds.
    setInlineError(null);
    setAlert(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInlineError(null);
    if (!form.passes(newCarrierProblems(values), event.currentTarget)) return;
    create(
      { input: values },
      {
        onSuccess: ({ carrier }) => onCreated(carrier),
        onFailure: (failure) => {
          const placed = placeProblems(failure, newCarrierFieldOfServer);
          setProblems(placed);
          // A refusal about a field shows once, at that field; only one with no field goes inline.
          setInlineError(
            Object.keys(placed).length > 0
              ? null
              : inlineFailureText(failure, CARRIER_TEXTS.createInlineFallback),
          );
          setAlert(requestFailureText(failure, CARRIER_TEXTS.createConflict));
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="add-carrier-title"
      title={CARRIER_TEXTS.addCarrierTitle}
      onSubmit={handleSubmit}
      busy={isCreating}
      submitLabel="Add Carrier"
      error={inlineError}
      errorTestId="add-carrier-error"
      alert={alert}
      onAlertClose={() => setAlert(null)}
      alertTestId="add-carrier-alert"
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {TEXT_FIELDS.slice(0, 3).map((field, index) => (
          <Grid key={field.name} size={{ xs: 12, sm: index === 0 ? 12 : 6 }}>
            <TextField
              name={field.name}
              label={field.label}
              required
              autoFocus={index === 0}
              autoComplete={field.autoComplete ?? "off"}
              value={values[field.name]}
              onChange={(event) => handleChange(field.name, event.target.value)}
              {...problemProps(problems[field.name])}
              slotProps={{ htmlInput: { inputMode: field.inputMode, maxLength: 120 } }}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <ChoiceField
            name="type"
            label="Type"
            value={values.type}
            choices={CARRIER_TYPES}
            onChange={(type) => handleChange("type", type)}
            {...problemProps(problems.type)}
          />
        </Grid>
        {TEXT_FIELDS.slice(3).map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
            <TextField
              name={field.name}
              label={field.label}
              type={field.type ?? "text"}
              required
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => handleChange(field.name, event.target.value)}
              {...problemProps(problems[field.name])}
              slotProps={{ htmlInput: { inputMode: field.inputMode, maxLength: 254 } }}
            />
          </Grid>
        ))}
      </Grid>
    </FormDialog>
  );
}
