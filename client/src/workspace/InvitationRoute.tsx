import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { MIN_PASSWORD_LENGTH, newPasswordProblem, PASSWORDS_DO_NOT_MATCH } from "../../../common/auth.ts";
import { INVITATION_INVALID_MESSAGE, USER_ROLE_LABELS, type UserRole } from "../../../common/workspace.ts";
import { withRelay } from "../app/withRelay.tsx";
import { AuthForm } from "../auth/AuthForm.tsx";
import { AuthLayout } from "../auth/AuthLayout.tsx";
import { NewPasswordFields } from "../auth/NewPasswordFields.tsx";
import { useLoginMutation } from "../auth/useLoginMutation.ts";
import { homeFor } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import { PLATFORM } from "../relay/graphql-http.ts";
import { Loading } from "../ui/Loading.tsx";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";
import type { InvitationRouteQuery } from "./__generated__/InvitationRouteQuery.graphql";
import { useAcceptInvitationMutation } from "./useAcceptInvitationMutation.ts";

const query = graphql`
  query InvitationRouteQuery($token: String!) {
    invitation(token: $token) {
      email
      role
      expiresAt
      valid
    }
  }
`;

const TABS = [{ label: "Invitation", to: "#" }];

export default withRelay(InvitationRoute);

/** /invitation/{token}: the invitee chooses a password, then is signed in. */
function InvitationRoute() {
  useDocumentTitle("Invitation");
  const { token = "" } = useParams();
  return (
    <AuthLayout tabs={TABS} current="#">
      <Suspense fallback={<Loading />}>
        <InvitationForm token={token} />
      </Suspense>
    </AuthLayout>
  );
}

function InvitationForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const data = useLazyLoadQuery<InvitationRouteQuery>(query, { token }, { fetchPolicy: "network-only" });
  const [accept, accepting] = useAcceptInvitationMutation();
  const [login, signingIn] = useLoginMutation();
  const [fullName, setFullName] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const invitation = data.invitation;

  if (!invitation?.valid) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{INVITATION_INVALID_MESSAGE}</Alert>
        <Link component={RouterLink} to="/login">
          Back to Login
        </Link>
      </Stack>
    );
  }

  const signIn = (email: string) =>
    login(
      { input: { email, password, rememberMe: false, platform: PLATFORM } },
      {
        onSuccess: ({ token: accessToken, user }) => {
          session.signIn(accessToken, user.role);
          navigate(homeFor(user.role), { replace: true });
        },
        onFailure: () =>
          navigate("/login", { replace: true, state: { notice: "Your password is set. Please log in." } }),
      },
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const weak = newPasswordProblem(password);
    if (weak) problems.password = weak;
    if (password !== confirmPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFormError(null);
    accept(
      { input: { token, password, confirmPassword, fullName: fullName.trim() || null } },
      {
        onSuccess: ({ email }) => signIn(email),
        onFailure: ({ message, fields }) => {
          setErrors(fields);
          setFormError(message ?? "Your password could not be set. Please try again.");
        },
      },
    );
  };

  return (
    <AuthForm
      label="Accept invitation"
      onSubmit={handleSubmit}
      error={formError}
      submitLabel="Set password and sign in"
      busyLabel="Signing in…"
      busy={accepting || signingIn}
      intro={
        <>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            Welcome to Freightway
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            You are invited as {USER_ROLE_LABELS[invitation.role as UserRole] ?? invitation.role} with{" "}
            <strong>{invitation.email}</strong>. Choose a password to sign in.
          </Typography>
        </>
      }
    >
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
        autoFocus
      />
    </AuthForm>
  );
}
