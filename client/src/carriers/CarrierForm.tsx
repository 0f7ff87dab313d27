import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { placeProblems } from "../relay/mutation-failure.ts";
import { ChoiceField } from "../ui/form/ChoiceField.tsx";
import { EditActions } from "../ui/form/EditActions.tsx";
import { problemProps } from "../ui/form/problem-props.ts";
import { SaveFailureAlert } from "../ui/form/SaveFailureAlert.tsx";
import { useFormValues } from "../ui/form/useFormValues.ts";
import { isStaleEdit, useStaleEdit } from "../ui/form/useStaleEdit.ts";
import { Toast, type ToastMessage } from "../ui/Toast.tsx";
import type { CarrierForm_carrier$key } from "./__generated__/CarrierForm_carrier.graphql";
import type { CarrierFormRefetchQuery } from "./__generated__/CarrierFormRefetchQuery.graphql";
import type { OwnVersionMove } from "./CarrierDrivers.tsx";
import {
  CARRIER_TEXTS,
  CARRIER_TYPES,
  type EditCarrierField,
  type EditCarrierValues,
  editCarrierProblems,
  editFieldOfServer,
  editValuesOf,
  type Problems,
  updateFieldsOf,
} from "./carrier-rules.ts";
import { useUpdateCarrierMutation } from "./useUpdateCarrierMutation.ts";

type EditTextField = Exclude<EditCarrierField, "type">;

const FIELDS: readonly {
  name: EditTextField;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
}[] = [
  { name: "carrierName", label: "Carrier Name", required: true, autoComplete: "organization" },
  { name: "dotNumber", label: "DOT #", required: true },
  { name: "mcNumber", label: "MC #", required: true },
];

const CONTACT_FIELDS: readonly { name: EditTextField; label: string; type: string; autoComplete: string }[] =
  [
    { name: "contactName", label: "Contact name", type: "text", autoComplete: "name" },
    { name: "contactPhone", label: "Contact phone", type: "tel", autoComplete: "tel" },
    { name: "contactEmail", label: "Contact email", type: "email", autoComplete: "email" },
  ];

interface CarrierFormProps {
  carrier: CarrierForm_carrier$key;
  /** The last driver change made on this screen, which the form's edits do not conflict with. */
  ownMove?: OwnVersionMove | null;
}

/** The carrier's editable details (spec section 2, Carrier detail). */
export function CarrierForm({ carrier, ownMove = null }: CarrierFormProps) {
  const [data, refetch] = useRefetchableFragment<CarrierFormRefetchQuery, CarrierForm_carrier$key>(
    graphql`
      fragment CarrierForm_carrier on Carrier @refetchable(queryName: "CarrierFormRefetchQuery") {
        id
        version
        carrierName
        dotNumber
        mcNumber
        type
        contact {
          name
          phone
          email
        }
      }
    `,
    carrier,
  );
  const [save, isSaving] = useUpdateCarrierMutation();
  const form = useFormValues<EditCarrierValues, Problems<EditCarrierField>>(editValuesOf(data));
  const { values, setValues, problems: fieldErrors, setProblems: setFieldErrors } = form;
  const [dirty, setDirty] = useState(false);
  const [outcome, setOutcome] = useState<ToastMessage | null>(null);
  // The version the form's values come from: the one its save sends (a colleague's change pushed
  // into the store meanwhile must not become the base of edits made before it).
  const [baseVersion, setBaseVersion] = useState(data.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const staleEdit = useStaleEdit(
    "carrier",
    (done) => refetch({}, { fetchPolicy: "network-only", onComplete: done }),
    () => {
      setConflict(null);
      setFieldErrors({});
      setDirty(false);
    },
  );

  // Saved (server-normalised) values, or a colleague's change, replace the form's unless it has edits.
  useEffect(() => {
    if (dirty) return;
    setValues(editValuesOf(data));
    setBaseVersion(data.version);
  }, [data, dirty, setValues]);

  // A driver attached or detached on this screen moved the version by exactly its own step.
  useEffect(() => {
    if (ownMove && ownMove.from === baseVersion && ownMove.to === ownMove.from + 1) {
      setBaseVersion(ownMove.to);
    }
  }, [ownMove, baseVersion]);

  const handleChange = <Name extends EditCarrierField>(name: Name, value: EditCarrierValues[Name]) => {
    form.change(name, value);
    setDirty(true);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.passes(editCarrierProblems(values), event.currentTarget)) return;
    setConflict(null);
    staleEdit.clear();
    save(
      { input: { id: data.id, expectedVersion: baseVersion, ...updateFieldsOf(values) } },
      {
        onSuccess: () => {
          setDirty(false);
          setOutcome({ severity: "success", text: CARRIER_TEXTS.updated });
        },
        onFailure: (failure) => {
          setFieldErrors(placeProblems(failure, editFieldOfServer));
          staleEdit.noteFailure(failure);
          if (isStaleEdit(failure)) setConflict(failure.message);
          setOutcome({ severity: "error", text: CARRIER_TEXTS.saveFailed });
        },
      },
    );
  };

  const textField = (field: { name: EditTextField; label: string; type?: string; autoComplete?: string }) => (
    <TextField
      name={field.name}
      label={field.label}
      type={field.type ?? "text"}
      autoComplete={field.autoComplete ?? "off"}
      required={field.name !== "contactName"}
      value={values[field.name]}
      onChange={(event) => handleChange(field.name, event.target.value)}
      {...problemProps(fieldErrors[field.name])}
      slotProps={{ htmlInput: { maxLength: 254 } }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Carrier details">
        <SaveFailureAlert message={conflict} thing="carrier" staleEdit={staleEdit} sx={{ mb: 2 }} />
        <Typography variant="h6" component="h2" gutterBottom>
          Carrier
        </Typography>
        <Grid container spacing={2}>
          {FIELDS.map((field) => (
            <Grid
              key={field.name}
              size={{
                xs: 12,
                sm: field.name === "carrierName" ? 12 : 6,
                md: field.name === "carrierName" ? 6 : 3,
              }}
            >
              {textField(field)}
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <ChoiceField
              name="type"
              label="Type"
              value={values.type}
              choices={CARRIER_TYPES}
              onChange={(type) => handleChange("type", type)}
            />
          </Grid>
        </Grid>
        <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
          Contact
        </Typography>
        <Grid container spacing={2}>
          {CONTACT_FIELDS.map((field) => (
            <Grid key={field.name} size={{ xs: 12, md: 4 }}>
              {textField(field)}
            </Grid>
          ))}
        </Grid>
        <EditActions
          dirty={dirty}
          saving={isSaving}
          onDiscard={() => {
            setDirty(false);
            setFieldErrors({});
            setConflict(null);
            staleEdit.clear();
            setValues(editValuesOf(data));
          }}
        />
      </Box>
      <Toast message={outcome} onClose={() => setOutcome(null)} data-testid="carrier-save-outcome" />
    </Paper>
  );
}
