import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { MIN_PASSWORD_LENGTH, newPasswordProblem, PASSWORDS_DO_NOT_MATCH } from "../../../common/auth.ts";
import { SETUP_LINK_INVALID_MESSAGE } from "../../../common/workspace.ts";
import { withRelay } from "../app/withRelay.tsx";
import { AuthForm } from "../auth/AuthForm.tsx";
import { AuthLayout } from "../auth/AuthLayout.tsx";
import { EmailField } from "../auth/EmailField.tsx";
import { NewPasswordFields } from "../auth/NewPasswordFields.tsx";
import { useLoginMutation } from "../auth/useLoginMutation.ts";
import { homeFor } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import { PLATFORM } from "../relay/graphql-http.ts";
import { Loading } from "../ui/Loading.tsx";
import type { SetupRouteQuery } from "./__generated__/SetupRouteQuery.graphql";
import { useCreateFirstOperatorMutation } from "./useCreateFirstOperatorMutation.ts";

const query = graphql`
  query SetupRouteQuery($token: String!) {
    setupLinkValid(token: $token)
  }
`;

const TABS = [{ label: "First run", to: "#" }];

export default withRelay(SetupRoute);

/** /setup?token=…: the link the server logs on a fresh start; creates the first operator. */
function SetupRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout tabs={TABS} current="#">
      <Suspense fallback={<Loading />}>
        <SetupForm token={params.get("token") ?? ""} />
      </Suspense>
    </AuthLayout>
  );
}

function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const data = useLazyLoadQuery<SetupRouteQuery>(query, { token }, { fetchPolicy: "network-only" });
  const [create, creating] = useCreateFirstOperatorMutation();
  const [login, signingIn] = useLoginMutation();
  const [email, setEmail] = useState("");
  const [fullName, setFullName] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (!data.setupLinkValid) {
    return (
      <Stack spacing={2}>
        <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }}>
          Set up Freightway
        </Typography>
        <Alert severity="warning">{SETUP_LINK_INVALID_MESSAGE}</Alert>
        <Link component={RouterLink} to="/login">
          Back to Login
        </Link>
      </Stack>
    );
  }

  const signIn = (signInEmail: string) =>
    login(
      { input: { email: signInEmail, password, rememberMe: false, platform: PLATFORM } },
      {
        onSuccess: ({ token: accessToken, user }) => {
          session.signIn(accessToken, user.role);
          navigate(homeFor(user.role), { replace: true });
        },
        onFailure: () =>
          navigate("/login", { replace: true, state: { notice: "Your account is ready. Please log in." } }),
      },
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!email.trim()) problems.email = "Email is required";
    const weak = newPasswordProblem(password);
    if (weak) problems.password = weak;
    if (password !== confirmPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFormError(null);
    create(
      { input: { token, email: email.trim(), password, confirmPassword, fullName: fullName.trim() || null } },
      {
        onSuccess: ({ email: created }) => signIn(created),
        onFailure: ({ message, fields }) => {
          setErrors(fields);
          setFormError(message ?? "The account could not be created. Please try again.");
        },
      },
    );
  };

  return (
    <AuthForm
      label="Create the first operator"
      onSubmit={handleSubmit}
      error={formError}
      submitLabel="Create operator and sign in"
      busyLabel="Signing in…"
      busy={creating || signingIn}
      intro={
        <>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            Set up Freightway
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            No operator account exists yet. Create the first one: it can invite everyone else. This link stops
            working once it is used.
          </Typography>
        </>
      }
    >
      <EmailField value={email} onChange={setEmail} problem={errors.email} />
      <TextField
        label="Full name"
        autoComplete="name"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
      />
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPassword={setPassword}
        onConfirmPassword={setConfirmPassword}
        problems={errors}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
    </AuthForm>
  );
}
