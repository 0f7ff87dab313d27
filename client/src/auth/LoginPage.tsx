import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { emailProblem } from "../../../common/fields.ts";
import { withRelay } from "../app/withRelay.tsx";
import { afterLoginTarget } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import { PLATFORM } from "../relay/graphql-http.ts";
import { problemProps } from "../ui/form/problem-props.ts";
import { PasswordField } from "../ui/PasswordField.tsx";
import type { useLoginMutation$data } from "./__generated__/useLoginMutation.graphql";
import { AuthForm } from "./AuthForm.tsx";
import { AuthLayout, LOGIN_TABS } from "./AuthLayout.tsx";
import { loginErrorText } from "./auth-messages.ts";
import { EmailField } from "./EmailField.tsx";
import { useLoginMutation } from "./useLoginMutation.ts";

type SignedIn = Extract<useLoginMutation$data["login"], { data: unknown }>["data"];

interface LoginFieldErrors {
  email?: string;
  password?: string;
}

export default withRelay(LoginPage);

function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const carried = location.state as { notice?: string; email?: string } | null;
  const notice = carried?.notice ?? null;
  const [login, isInFlight] = useLoginMutation();
  const [email, setEmail] = useState(carried?.email ?? "");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const handleSignedIn = ({ token, sessionReplaced, message, user: { role } }: SignedIn) => {
    const target = afterLoginTarget(role, searchParams.get("next"));
    if (target.fullPage) {
      session.signIn(token, role);
      window.location.assign(target.path);
      return;
    }
    if (sessionReplaced) session.notify({ message, kind: "snackbar", severity: "info" });
    session.signIn(token, role);
    navigate(target.path, { replace: true });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: LoginFieldErrors = {
      email: emailProblem(email) ?? undefined,
      password: password ? undefined : "Password is required",
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setFormError(null);
    login(
      { input: { email: email.trim(), password, rememberMe, platform: PLATFORM } },
      { onSuccess: handleSignedIn, onFailure: (failure) => setFormError(loginErrorText(failure)) },
    );
  };

  return (
    <AuthLayout tabs={LOGIN_TABS} current="/login" heading="Log in to Freightway">
      {notice ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <AuthForm
        label="Log in"
        onSubmit={handleSubmit}
        error={formError}
        submitLabel="Log in"
        busyLabel="Logging in…"
        busy={isInFlight}
      >
        <EmailField value={email} onChange={setEmail} problem={fieldErrors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...problemProps(fieldErrors.password)}
        />
        <Box
          sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
        >
          <FormControlLabel
            control={
              <Checkbox checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
            }
            label="Remember me"
          />
          <Link component={RouterLink} to="/forgot-password" state={{ email }} variant="body2">
            Forgot your password?
          </Link>
        </Box>
      </AuthForm>
    </AuthLayout>
  );
}
