import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { emailProblem, formatPhone } from "../../../common/fields.ts";
import { PROFILE_SAVE_FAILED } from "../auth/auth-messages.ts";
import { Toast } from "../ui/Toast.tsx";
import type { ProfileForm_user$data, ProfileForm_user$key } from "./__generated__/ProfileForm_user.graphql";
import { useUpdateProfileMutation } from "./useUpdateProfileMutation.ts";

export const PROFILE_SAVED = "Your profile was saved.";

type EditableField =
  | "fullName"
  | "email"
  | "contactPhone"
  | "mcDot"
  | "cargoTypes"
  | "experienceYears"
  | "areasOfOperation";
type ProfileValues = Record<EditableField, string>;

const FIELDS: { name: EditableField; label: string; autoComplete?: string; type?: string; wide?: boolean }[] =
  [
    { name: "fullName", label: "Full name", autoComplete: "name" },
    { name: "email", label: "Email", autoComplete: "email", type: "email" },
    { name: "contactPhone", label: "Contact phone", autoComplete: "tel" },
    { name: "mcDot", label: "MC / DOT" },
    { name: "cargoTypes", label: "Cargo types" },
    { name: "experienceYears", label: "Experience (years)", type: "number" },
    { name: "areasOfOperation", label: "Areas of operation", wide: true },
  ];

function valuesOf(user: ProfileForm_user$data): ProfileValues {
  return {
    fullName: user.fullName ?? "",
    email: user.email,
    contactPhone: formatPhone(user.contactPhone) ?? "",
    mcDot: user.mcDot ?? "",
    cargoTypes: user.cargoTypes ?? "",
    experienceYears:
      user.experienceYears === null || user.experienceYears === undefined ? "" : String(user.experienceYears),
    areasOfOperation: user.areasOfOperation ?? "",
  };
}

function problemsOf(values: ProfileValues): Partial<Record<EditableField, string>> {
  const problems: Partial<Record<EditableField, string>> = {};
  const email = emailProblem(values.email);
  if (email) problems.email = email;
  const years = values.experienceYears.trim();
  if (years && !(/^\d+$/.test(years) && Number(years) <= 80)) {
    problems.experienceYears = "Experience years must be a whole number from 0 to 80";
  }
  return problems;
}

const orNull = (value: string) => value.trim() || null;

interface ProfileFormProps {
  user: ProfileForm_user$key;
}

export function ProfileForm({ user }: ProfileFormProps) {
  const data = useFragment(
    graphql`
      fragment ProfileForm_user on User {
        userId
        fullName
        email
        contactPhone
        mcDot
        cargoTypes
        experienceYears
        areasOfOperation
        offerEmails
      }
    `,
    user,
  );
  const [save, isSaving] = useUpdateProfileMutation();
  const [values, setValues] = useState(() => valuesOf(data));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<EditableField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [offerEmails, setOfferEmails] = useState(data.offerEmails);
  useEffect(() => setOfferEmails(data.offerEmails), [data.offerEmails]);

  // The saved (server-normalised) values replace the form's once they arrive.
  useEffect(() => setValues(valuesOf(data)), [data]);

  const handleChange = (name: EditableField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(values);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFormError(null);
    save(
      {
        input: {
          fullName: orNull(values.fullName),
          email: values.email.trim(),
          contactPhone: orNull(values.contactPhone),
          mcDot: orNull(values.mcDot),
          cargoTypes: orNull(values.cargoTypes),
          experienceYears: values.experienceYears.trim() ? Number(values.experienceYears) : null,
          areasOfOperation: orNull(values.areasOfOperation),
          offerEmails,
        },
      },
      {
        onSuccess: () => setSaved(true),
        onFailure: (failure) => {
          setFormError(PROFILE_SAVE_FAILED);
          setFieldErrors(failure.fields);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Profile
      </Typography>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {formError}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Profile">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="User ID"
              value={data.userId}
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText="System generated"
            />
          </Grid>
          {FIELDS.map((field) => (
            <Grid key={field.name} size={{ xs: 12, sm: field.wide ? 12 : 6 }}>
              <TextField
                name={field.name}
                label={field.label}
                type={field.type ?? "text"}
                autoComplete={field.autoComplete}
                required={field.name === "email"}
                value={values[field.name]}
                onChange={(event) => handleChange(field.name, event.target.value)}
                error={Boolean(fieldErrors[field.name])}
                helperText={fieldErrors[field.name]}
                multiline={field.wide}
                slotProps={field.type === "number" ? { htmlInput: { min: 0, max: 80, step: 1 } } : undefined}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12 }}>
            <FormControlLabel
              control={
                <Checkbox checked={offerEmails} onChange={(event) => setOfferEmails(event.target.checked)} />
              }
              label="E-mail me new load offers"
            />
          </Grid>
        </Grid>
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 3 }}>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? "Saving…" : "Save changes"}
          </Button>
        </Box>
      </Box>
      <Toast
        message={saved ? { severity: "success", text: PROFILE_SAVED } : null}
        autoHideDuration={5000}
        onClose={() => setSaved(false)}
      />
    </Paper>
  );
}
