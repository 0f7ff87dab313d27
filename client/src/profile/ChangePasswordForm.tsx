import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import {
  CURRENT_PASSWORD_REQUIRED,
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  PASSWORD_UNCHANGED,
  PASSWORDS_DO_NOT_MATCH,
} from "../../../common/auth.ts";
import { FormPanel } from "../ui/form/FormPanel.tsx";
import { problemProps } from "../ui/form/problem-props.ts";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useFormValues } from "../ui/form/useFormValues.ts";
import { PasswordField } from "../ui/PasswordField.tsx";
import { useToast } from "../ui/Toast.tsx";
import { useChangePasswordMutation } from "./useChangePasswordMutation.ts";

type PasswordFieldName = "currentPassword" | "newPassword" | "confirmPassword";
type PasswordValues = Record<PasswordFieldName, string>;

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

function problemsOf(values: PasswordValues): Partial<Record<PasswordFieldName, string>> {
  const problems: Partial<Record<PasswordFieldName, string>> = {};
  if (!values.currentPassword) problems.currentPassword = CURRENT_PASSWORD_REQUIRED;
  const weak = newPasswordProblem(values.newPassword);
  if (weak) problems.newPassword = weak;
  else if (values.newPassword === values.currentPassword) problems.newPassword = PASSWORD_UNCHANGED;
  if (values.newPassword !== values.confirmPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return problems;
}

/** Current + new + confirm: the signed-in user picks a new password (e.g. after a temporary one). */
export function ChangePasswordForm() {
  const [change, isChanging] = useChangePasswordMutation();
  const form = useFormValues<PasswordValues>(EMPTY);
  const { values, setValues, problems: fieldErrors, setProblems: setFieldErrors } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const { notify, toast } = useToast();

  const handleChange = (name: PasswordFieldName, value: string) => {
    form.change(name, value);
    setFormError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.passes(problemsOf(values))) return;
    change(
      { input: values },
      {
        onSuccess: (data) => {
          setValues(EMPTY);
          notify(data.message);
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
      {...problemProps(fieldErrors[name], hint)}
    />
  );

  return (
    <FormPanel title="Change password" onSubmit={handleSubmit} error={formError} spaced>
      <Stack spacing={2}>
        {field("currentPassword", "Current password", "current-password")}
        {field("newPassword", "New password", "new-password", `At least ${MIN_PASSWORD_LENGTH} characters.`)}
        {field("confirmPassword", "Confirm new password", "new-password")}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Your other signed-in sessions will be signed out.
      </Typography>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <SubmitButton busy={isChanging} busyLabel="Changing…">
          Change password
        </SubmitButton>
      </Box>
      {toast}
    </FormPanel>
  );
}
