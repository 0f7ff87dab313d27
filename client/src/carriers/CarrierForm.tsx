import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { focusFirstInvalid } from "../ui/focus.ts";
import { Toast, type ToastMessage } from "../ui/Toast.tsx";
import type { CarrierForm_carrier$key } from "./__generated__/CarrierForm_carrier.graphql";
import {
  CARRIER_TEXTS,
  CARRIER_TYPES,
  type EditCarrierField,
  editCarrierProblems,
  editFieldOfServer,
  editValuesOf,
  isCarrierKind,
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
}

/** The carrier's editable details (spec section 2, Carrier detail). */
export function CarrierForm({ carrier }: CarrierFormProps) {
  const data = useFragment(
    graphql`
      fragment CarrierForm_carrier on Carrier {
        id
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
  const [values, setValues] = useState(() => editValuesOf(data));
  const [dirty, setDirty] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Problems<EditCarrierField>>({});
  const [outcome, setOutcome] = useState<ToastMessage | null>(null);

  // Saved (server-normalised) values, or a colleague's change, replace the form's unless it has edits.
  useEffect(() => {
    if (!dirty) setValues(editValuesOf(data));
  }, [data, dirty]);

  const handleChange = (name: EditCarrierField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty(true);
    setFieldErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = editCarrierProblems(values);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    save(
      { input: { id: data.id, ...updateFieldsOf(values) } },
      {
        onSuccess: () => {
          setDirty(false);
          setOutcome({ severity: "success", text: CARRIER_TEXTS.updated });
        },
        onFailure: (failure) => {
          const placed: Problems<EditCarrierField> = {};
          for (const [field, message] of Object.entries(failure.fields)) {
            const name = editFieldOfServer(field);
            if (name) placed[name] = message;
          }
          setFieldErrors(placed);
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
      error={Boolean(fieldErrors[field.name])}
      helperText={fieldErrors[field.name]}
      slotProps={{ htmlInput: { maxLength: 254 } }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Carrier details">
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
            <TextField
              select
              name="type"
              label="Type"
              value={values.type}
              onChange={(event) =>
                isCarrierKind(event.target.value) && handleChange("type", event.target.value)
              }
            >
              {CARRIER_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
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
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 3 }}>
          <Button
            disabled={!dirty || isSaving}
            onClick={() => {
              setDirty(false);
              setFieldErrors({});
              setValues(editValuesOf(data));
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? "Saving…" : "Save changes"}
          </Button>
        </Box>
      </Box>
      <Toast message={outcome} onClose={() => setOutcome(null)} data-testid="carrier-save-outcome" />
    </Paper>
  );
}
