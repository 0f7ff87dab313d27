import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { emailProblem } from "../../../common/fields.ts";
import { INVITATION_HOURS, USER_ROLE_LABELS, USER_ROLES, type UserRole } from "../../../common/workspace.ts";
import { useInviteUserMutation } from "./useInviteUserMutation.ts";

interface InviteUserDialogProps {
  open: boolean;
  onClose(): void;
  onInvited(email: string): void;
}

export function InviteUserDialog({ open, onClose, onInvited }: InviteUserDialogProps) {
  const [invite, inFlight] = useInviteUserMutation();
  const [email, setEmail] = useState("");
  const [fullName, setFullName] = useState("");
  const [role, setRole] = useState<UserRole>("CARRIER");
  const [carrierId, setCarrierId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const reset = () => {
    setEmail("");
    setFullName("");
    setRole("CARRIER");
    setCarrierId("");
    setErrors({});
    setFormError(null);
  };
  const handleClose = () => {
    reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      setErrors({ email: problem });
      return;
    }
    setFormError(null);
    invite(
      {
        input: {
          email: email.trim(),
          role,
          fullName: fullName.trim() || null,
          carrierId: role === "CARRIER" && carrierId.trim() ? carrierId.trim() : null,
        },
      },
      {
        onSuccess: ({ invitation }) => {
          reset();
          onInvited(invitation.email);
        },
        onFailure: ({ message, fields }) => {
          setErrors(fields);
          setFormError(message ?? "The invitation could not be sent.");
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="sm" aria-labelledby="invite-title">
      <form onSubmit={handleSubmit} noValidate aria-label="Invite user">
        <DialogTitle id="invite-title">Invite user</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              label="Email"
              type="email"
              required
              autoFocus
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors(({ email: _email, ...rest }) => rest);
              }}
              error={Boolean(errors.email)}
              helperText={
                errors.email ??
                `We e-mail a link valid ${INVITATION_HOURS} hours; they choose their password.`
              }
            />
            <TextField
              label="Full name"
              value={fullName}
              onChange={(event) => setFullName(event.target.value)}
            />
            <TextField
              select
              label="Role"
              value={role}
              onChange={(event) => setRole(event.target.value as UserRole)}
            >
              {USER_ROLES.map((value) => (
                <MenuItem key={value} value={value}>
                  {USER_ROLE_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            {role === "CARRIER" ? (
              <TextField
                label="Carrier (optional)"
                placeholder="CAR-000123"
                value={carrierId}
                onChange={(event) => {
                  setCarrierId(event.target.value);
                  setErrors(({ carrierId: _carrier, ...rest }) => rest);
                }}
                error={Boolean(errors.carrierId)}
                helperText={errors.carrierId ?? "Attach the new user as a driver of this carrier."}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={inFlight}>
            {inFlight ? "Sending…" : "Send invitation"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
