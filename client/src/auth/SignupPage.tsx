import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import {
  DOMAIN_NOT_PERMITTED,
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  PASSWORDS_DO_NOT_MATCH,
} from "../../../common/auth.ts";
import { emailProblem, INVALID_PHONE_MESSAGE as INVALID_PHONE } from "../../../common/fields.ts";
import { withRelay } from "../app/withRelay.tsx";
import { CARRIER_HOME } from "../lib/paths.ts";
import { type PhoneCountry, validPhone } from "../lib/phone.ts";
import { session } from "../lib/session.ts";
import { PLATFORM } from "../relay/graphql-http.ts";
import { AuthForm } from "./AuthForm.tsx";
import { AuthLayout, LOGIN_TABS } from "./AuthLayout.tsx";
import { registerErrorText } from "./auth-messages.ts";
import { EmailField } from "./EmailField.tsx";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { PhoneField } from "./PhoneField.tsx";
import { keepSignupDraft, takeSignupDraft } from "./signup-draft.ts";
import { useRegisterMutation } from "./useRegisterMutation.ts";

type SignupField = "email" | "password" | "confirmPassword" | "phoneNumber";

export default withRelay(SignupPage);

function SignupPage() {
  const navigate = useNavigate();
  const [register, isInFlight] = useRegisterMutation();
  const [draft] = useState(takeSignupDraft);
  const [email, setEmail] = useState(draft?.email ?? "");
  const [password, setPassword] = useState(draft?.password ?? "");
  const [confirmPassword, setConfirmPassword] = useState(draft?.confirmPassword ?? "");
  const [country, setCountry] = useState<PhoneCountry>(draft?.country ?? "US");
  const [phone, setPhone] = useState(draft?.phone ?? "");
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<SignupField, string>> = {};
    const emailError = emailProblem(email);
    if (emailError) errors.email = emailError;
    const passwordError = newPasswordProblem(password);
    if (passwordError) errors.password = passwordError;
    if (password !== confirmPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    if (!validPhone(phone, country)) errors.phoneNumber = INVALID_PHONE;
    setFieldErrors(errors);
    setFormError(errors.confirmPassword ?? errors.phoneNumber ?? null);
    if (Object.keys(errors).length > 0) return;
    register(
      {
        input: {
          email: email.trim(),
          password,
          confirmPassword,
          phoneNumber: phone,
          phoneCountry: country,
          platform: PLATFORM,
        },
      },
      {
        onSuccess: ({ token, user: { role } }) => {
          session.signIn(token, role);
          navigate(CARRIER_HOME, { replace: true });
        },
        onFailure: (failure) => {
          if (failure.typename && failure.message === DOMAIN_NOT_PERMITTED) {
            keepSignupDraft({ email, password, confirmPassword, country, phone });
            navigate("/unsupported-email", { state: { email: email.trim(), message: DOMAIN_NOT_PERMITTED } });
            return;
          }
          setFormError(registerErrorText(failure));
          setFieldErrors(failure.fields);
        },
      },
    );
  };

  return (
    <AuthLayout tabs={LOGIN_TABS} current="/signup" heading="Sign up for Freightway">
      <AuthForm
        label="Sign up"
        onSubmit={handleSubmit}
        error={formError}
        submitLabel="Register"
        busyLabel="Registering…"
        busy={isInFlight}
      >
        <EmailField value={email} onChange={setEmail} problem={fieldErrors.email} />
        <NewPasswordFields
          password={password}
          confirmPassword={confirmPassword}
          onPassword={setPassword}
          onConfirmPassword={setConfirmPassword}
          problems={fieldErrors}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
        <PhoneField
          country={country}
          digits={phone}
          error={fieldErrors.phoneNumber}
          onCountryChange={setCountry}
          onDigitsChange={setPhone}
        />
      </AuthForm>
    </AuthLayout>
  );
}
