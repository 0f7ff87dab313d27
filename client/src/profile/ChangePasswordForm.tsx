import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import {
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  PASSWORD_UNCHANGED,
  PASSWORDS_DO_NOT_MATCH,
} from "../../../common/auth.ts";
import { PasswordField } from "../ui/PasswordField.tsx";
import { Toast } from "../ui/Toast.tsx";
import { useChangePasswordMutation } from "./useChangePasswordMutation.ts";

type PasswordFieldName = "currentPassword" | "newPassword" | "confirmPassword";
type PasswordValues = Record<PasswordFieldName, string>;

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

function problemsOf(values: PasswordValues): Partial<Record<PasswordFieldName, string>> {
  const problems: Partial<Record<PasswordFieldName, string>> = {};
  if (!values.currentPassword) problems.currentPassword = "Current password is required";
  const weak = newPasswordProblem(values.newPassword);
  if (weak) problems.newPassword = weak;
  else if (values.newPassword === values.currentPassword) problems.newPassword = PASSWORD_UNCHANGED;
  if (values.newPassword !== values.confirmPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return problems;
}

/** Current + new + confirm: the signed-in user picks a new password (e.g. after a temporary one). */
export function ChangePasswordForm() {
  const [change, isChanging] = useChangePasswordMutation();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PasswordFieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState<string | null>(null);

  const handleChange = (name: PasswordFieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors(({ [name]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(values);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    change(
      { input: values },
      {
        onSuccess: (data) => {
          setValues(EMPTY);
          setChanged(data.message);
        },
        onFailure: (failure) => {
          setFieldErrors(failure.fields);
          if (Object.keys(failure.fields).length === 0) {
            setFormError(failure.message ?? "The password could not be changed.");
          }
        },
      },
    );
  };

  const field = (name: PasswordFieldName, label: string, autoComplete: string, hint?: string) => (
    <PasswordField
      name={name}
      label={label}
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(event) => handleChange(name, event.target.value)}
      error={Boolean(fieldErrors[name])}
      helperText={fieldErrors[name] ?? hint}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Change password
      </Typography>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {formError}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Change password">
        <Stack spacing={2}>
          {field("currentPassword", "Current password", "current-password")}
          {field(
            "newPassword",
            "New password",
            "new-password",
            `At least ${MIN_PASSWORD_LENGTH} characters.`,
          )}
          {field("confirmPassword", "Confirm new password", "new-password")}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Your other signed-in sessions will be signed out.
        </Typography>
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
          <Button type="submit" variant="contained" disabled={isChanging}>
            {isChanging ? "Changing…" : "Change password"}
          </Button>
        </Box>
      </Box>
      <Toast
        message={changed ? { severity: "success", text: changed } : null}
        autoHideDuration={6000}
        onClose={() => setChanged(null)}
      />
    </Paper>
  );
}
