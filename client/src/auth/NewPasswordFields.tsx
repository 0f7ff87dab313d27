import { problemProps } from "../ui/form/problem-props.ts";
import { PasswordField } from "../ui/PasswordField.tsx";

interface NewPasswordFieldsProps {
  password: string;
  confirmPassword: string;
  onPassword(value: string): void;
  onConfirmPassword(value: string): void;
  problems: { password?: string; confirmPassword?: string };
  /** Under the password when it has no problem ('At least 8 characters'). */
  hint: string;
  autoFocus?: boolean;
}

/** 'Password' and 'Confirm password' for a password the user chooses (sign-up, invitation). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        autoFocus={props.autoFocus}
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
        {...problemProps(props.problems.password, props.hint)}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={props.confirmPassword}
        onChange={(event) => props.onConfirmPassword(event.target.value)}
        {...problemProps(props.problems.confirmPassword)}
      />
    </>
  );
}
