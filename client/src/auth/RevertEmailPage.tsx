import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { EMAIL_REVERT_DAYS, EMAIL_REVERT_INVALID } from "../../../common/auth.ts";
import { withRelay } from "../app/withRelay.tsx";
import { session } from "../lib/session.ts";
import { AuthForm } from "./AuthForm.tsx";
import { AuthLayout } from "./AuthLayout.tsx";
import { useRevertEmailChangeMutation } from "./useRevertEmailChangeMutation.ts";

const TABS = [{ label: "E-mail change", to: "/revert-email" }];
/** Shorter than this, a token cannot be one the server issued (it answers the same). */
const MIN_TOKEN_LENGTH = 20;

type Outcome =
  | { kind: "ready" }
  | { kind: "restored"; email: string; message: string }
  | { kind: "invalid" }
  | { kind: "failed"; message: string };

export default withRelay(RevertEmailPage);

/**
 * /revert-email?token=...: where the link mailed to the old address after an e-mail change points.
 * The owner confirms with one click (a mail scanner opening the link changes nothing); the server
 * then restores the old address, ends every session and resets the password.
 */
function RevertEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [revert, isReverting] = useRevertEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome>(
    token.length >= MIN_TOKEN_LENGTH ? { kind: "ready" } : { kind: "invalid" },
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    revert(
      { input: { token } },
      {
        onSuccess: ({ email, message }) => {
          // Every session of the account ended, this browser's included.
          if (session.getState().token) session.end(null);
          setOutcome({ kind: "restored", email, message });
        },
        onFailure: (failure) =>
          setOutcome(
            failure.fields.token === EMAIL_REVERT_INVALID
              ? { kind: "invalid" }
              : {
                  kind: "failed",
                  message:
                    failure.fields.token ??
                    failure.message ??
                    "Your e-mail address could not be restored. Please try again.",
                },
          ),
      },
    );
  };

  return (
    <AuthLayout tabs={TABS} current="/revert-email">
      <Typography variant="h6" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Undo an e-mail change
      </Typography>
      {outcome.kind === "restored" ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="revert-email-outcome">
            {outcome.message}
          </Alert>
          <Typography>
            Your sign-in e-mail is <strong>{outcome.email}</strong> again.
          </Typography>
          <Button
            variant="contained"
            size="large"
            onClick={() => navigate("/forgot-password", { state: { email: outcome.email } })}
          >
            Get a temporary password
          </Button>
        </Stack>
      ) : outcome.kind === "invalid" ? (
        <Stack spacing={2}>
          <Alert severity="warning" data-testid="revert-email-outcome">
            {EMAIL_REVERT_INVALID}
          </Alert>
          <Link component={RouterLink} to="/login">
            Back to Login
          </Link>
        </Stack>
      ) : (
        <AuthForm
          label="Undo e-mail change"
          onSubmit={handleSubmit}
          error={outcome.kind === "failed" ? outcome.message : null}
          submitLabel="Restore my e-mail address"
          busyLabel="Restoring…"
          busy={isReverting}
          intro={
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              The sign-in e-mail of your Freightway account was changed. If you did not do it, restore your
              old address here (this link works once, within {EMAIL_REVERT_DAYS} days of the change). For your
              safety every session of the account is signed out and its password is reset: you then ask for a
              temporary password.
            </Typography>
          }
        >
          {null}
        </AuthForm>
      )}
    </AuthLayout>
  );
}
