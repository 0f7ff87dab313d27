import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import { type FormEvent, useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { EMAIL_CHANGE_NEEDS_PASSWORD } from "../../../common/auth.ts";
import { emailProblem, formatPhone } from "../../../common/fields.ts";
import { PROFILE_SAVE_FAILED } from "../auth/auth-messages.ts";
import { FormPanel } from "../ui/form/FormPanel.tsx";
import { problemProps } from "../ui/form/problem-props.ts";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useFormValues } from "../ui/form/useFormValues.ts";
import { PasswordField } from "../ui/PasswordField.tsx";
import { useToast } from "../ui/Toast.tsx";
import type { ProfileForm_user$data, ProfileForm_user$key } from "./__generated__/ProfileForm_user.graphql";
import { useUpdateProfileMutation } from "./useUpdateProfileMutation.ts";

export const PROFILE_SAVED = "Your profile was saved.";
export const EMAIL_CHANGED =
  "Your profile was saved with the new e-mail. Your other sessions were signed out, and the old address was told how to undo the change.";

type EditableField =
  | "fullName"
  | "email"
  | "contactPhone"
  | "mcDot"
  | "cargoTypes"
  | "experienceYears"
  | "areasOfOperation";
type ProfileValues = Record<EditableField, string>;
type ProfileProblems = Partial<Record<EditableField | "currentPassword", string>>;

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

function problemsOf(values: ProfileValues): ProfileProblems {
  const problems: ProfileProblems = {};
  const email = emailProblem(values.email);
  if (email) problems.email = email;
  const years = values.experienceYears.trim();
  if (years && !(/^\d+$/.test(years) && Number(years) <= 80)) {
    problems.experienceYears = "Experience years must be a whole number from 0 to 80";
  }
  return problems;
}

const orNull = (value: string) => value.trim() || null;

/** The form sends the e-mail every time; only a different one is a change (it needs the password). */
const isNewEmail = (typed: string, saved: string) => typed.trim().toLowerCase() !== saved;

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
  const form = useFormValues<ProfileValues, ProfileProblems>(valuesOf(data));
  const { values, setValues, problems: fieldErrors, setProblems: setFieldErrors } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const { notify, toast } = useToast({ autoHideDuration: 5000 });
  const [currentPassword, setCurrentPassword] = useState("");
  const emailChanging = isNewEmail(values.email, data.email);
  const [offerEmails, setOfferEmails] = useState(data.offerEmails);
  useEffect(() => setOfferEmails(data.offerEmails), [data.offerEmails]);

  // The saved (server-normalised) values replace the form's once they arrive.
  useEffect(() => setValues(valuesOf(data)), [data, setValues]);

  const handleCurrentPassword = (value: string) => {
    setCurrentPassword(value);
    setFieldErrors(({ currentPassword: _cleared, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.passes(problemsOf(values))) return;
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
          // The server asks for it (and says so at the field) when the e-mail changes.
          ...(emailChanging ? { currentPassword } : {}),
        },
      },
      {
        onSuccess: () => {
          setCurrentPassword("");
          notify(emailChanging ? EMAIL_CHANGED : PROFILE_SAVED);
        },
        onFailure: (failure) => {
          setFormError(PROFILE_SAVE_FAILED);
          setFieldErrors(failure.fields);
        },
      },
    );
  };

  return (
    <FormPanel title="Profile" onSubmit={handleSubmit} error={formError}>
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
              onChange={(event) => form.change(field.name, event.target.value)}
              {...problemProps(fieldErrors[field.name])}
              multiline={field.wide}
              slotProps={field.type === "number" ? { htmlInput: { min: 0, max: 80, step: 1 } } : undefined}
            />
          </Grid>
        ))}
        {emailChanging ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              name="currentPassword"
              label="Current password"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(event) => handleCurrentPassword(event.target.value)}
              {...problemProps(fieldErrors.currentPassword, EMAIL_CHANGE_NEEDS_PASSWORD)}
            />
          </Grid>
        ) : null}
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
        <SubmitButton busy={isSaving} busyLabel="Saving…">
          Save changes
        </SubmitButton>
      </Box>
      {toast}
    </FormPanel>
  );
}
