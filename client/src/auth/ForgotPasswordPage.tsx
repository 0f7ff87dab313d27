import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { emailProblem } from "../../../common/fields.ts";
import { withRelay } from "../app/withRelay.tsx";
import { AuthForm } from "./AuthForm.tsx";
import { AuthLayout } from "./AuthLayout.tsx";
import { loginErrorText } from "./auth-messages.ts";
import { EmailField } from "./EmailField.tsx";
import { useSendTemporaryPasswordMutation } from "./useSendTemporaryPasswordMutation.ts";

const TABS = [{ label: "Forgot Password", to: "/forgot-password" }];

export default withRelay(ForgotPasswordPage);

function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [send, isInFlight] = useSendTemporaryPasswordMutation();
  const location = useLocation();
  // The address typed on the login page comes along, and goes back with 'Back to Login'.
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? "");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setEmailError(problem);
    if (problem) return;
    setFormError(null);
    send(
      { input: { email: email.trim() } },
      {
        onSuccess: ({ message }) => navigate("/login", { state: { notice: message, email: email.trim() } }),
        onFailure: (failure) => {
          // A refused address is shown at the field; anything else as the login form says it.
          const refused = failure.typename === "ValidationError";
          setFormError(refused ? null : loginErrorText(failure));
          setEmailError(failure.fields.email ?? null);
        },
      },
    );
  };

  return (
    <AuthLayout tabs={TABS} current="/forgot-password" heading="Forgot your password">
      <Link
        component={RouterLink}
        to="/login"
        state={{ email }}
        variant="body2"
        sx={{ display: "inline-block", mb: 2 }}
      >
        Back to Login
      </Link>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Enter the email of your account and we will send you a temporary password.
      </Typography>
      <AuthForm
        label="Forgot password"
        onSubmit={handleSubmit}
        error={formError}
        submitLabel="send temporary passowrd"
        busy={isInFlight}
      >
        <EmailField value={email} onChange={setEmail} problem={emailError} />
      </AuthForm>
    </AuthLayout>
  );
}
