import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import {
  ACCOUNT_STATUS_LABELS,
  type AccountStatus,
  USER_ROLE_LABELS,
  USER_ROLES,
  type UserRole,
} from "../../../common/workspace.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { UserRow_user$data, UserRow_user$key } from "./__generated__/UserRow_user.graphql";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import type { UserSortField } from "./criteria.ts";
import { useChangeUserRoleMutation } from "./useChangeUserRoleMutation.ts";
import { useEndUserSessionsMutation } from "./useEndUserSessionsMutation.ts";
import { useSetUserDisabledMutation } from "./useSetUserDisabledMutation.ts";

const STATUS_COLORS: Record<AccountStatus, "success" | "warning" | "error" | "default"> = {
  active: "success",
  pending: "warning",
  rejected: "error",
  disabled: "default",
};

type User = UserRow_user$data;
const NONE = () => null;

/** The Users table's columns; Role and Actions are drawn by each row (they hold its own state). */
export const USER_COLUMNS: readonly Column<User, UserSortField>[] = [
  {
    id: "user",
    header: "User",
    key: true,
    sortField: "EMAIL",
    cell: (user) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
          {user.email}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[user.fullName, user.userId].filter(Boolean).join(" · ")}
        </Typography>
      </>
    ),
  },
  { id: "role", header: "Role", sortField: "ROLE", cell: NONE },
  {
    id: "carrier",
    header: "Carrier",
    cell: (user) => (user.carrier ? `${user.carrier.carrierName} (${user.carrier.carrierId})` : "—"),
  },
  {
    id: "status",
    header: "Status",
    cell: (user) => (
      <Chip
        size="small"
        label={ACCOUNT_STATUS_LABELS[user.accountStatus as AccountStatus] ?? user.accountStatus}
        color={STATUS_COLORS[user.accountStatus as AccountStatus] ?? "default"}
        variant={user.accountStatus === "disabled" ? "outlined" : "filled"}
      />
    ),
  },
  {
    id: "created",
    header: "Created",
    sortField: "CREATED_AT",
    nowrap: true,
    cell: (user) => formatDateTime(user.createdAt),
  },
  {
    id: "lastSignIn",
    header: "Last sign-in",
    sortField: "LAST_SIGN_IN_AT",
    nowrap: true,
    cell: (user) => formatDateTime(user.lastSignInAt) ?? "Never",
  },
  { id: "sessions", header: "Sessions", align: "right", cell: (user) => user.openSessionCount },
  { id: "actions", header: "Actions", cell: NONE },
];

interface UserRowProps {
  user: UserRow_user$key;
  isViewer: boolean;
  onNotify(message: string, severity?: "success" | "error" | "info"): void;
}

export function UserRow({ user, isViewer, onNotify }: UserRowProps) {
  const data = useFragment(
    graphql`
      fragment UserRow_user on User {
        id
        userId
        email
        fullName
        role
        accountStatus
        createdAt
        lastSignInAt
        openSessionCount
        carrier {
          carrierId
          carrierName
        }
      }
    `,
    user,
  );
  const [changeRole, changingRole] = useChangeUserRoleMutation();
  const [setDisabled, settingDisabled] = useSetUserDisabledMutation();
  const [endSessions, endingSessions] = useEndUserSessionsMutation();
  const [confirm, setConfirm] = useState<"disable" | "sessions" | null>(null);
  const disabled = data.accountStatus === "disabled";
  const failed = (message: string | null) => onNotify(message ?? "The change could not be saved.", "error");

  const handleRole = (role: UserRole) =>
    changeRole(
      { input: { userId: data.id, role } },
      {
        onSuccess: () => onNotify(`${data.email} is now ${USER_ROLE_LABELS[role]}.`),
        onFailure: ({ message }) => failed(message),
      },
    );
  const handleDisabled = (next: boolean) =>
    setDisabled(
      { input: { userId: data.id, disabled: next } },
      {
        onSuccess: () => {
          setConfirm(null);
          onNotify(
            next
              ? `${data.email} is disabled and signed out everywhere.`
              : `${data.email} can sign in again.`,
          );
        },
        onFailure: ({ message }) => {
          setConfirm(null);
          failed(message);
        },
      },
    );
  const handleEndSessions = () =>
    endSessions(
      { input: { userId: data.id } },
      {
        onSuccess: ({ ended }) => {
          setConfirm(null);
          onNotify(`${ended} session${ended === 1 ? "" : "s"} of ${data.email} ended.`);
        },
        onFailure: ({ message }) => {
          setConfirm(null);
          failed(message);
        },
      },
    );

  const role = (
    <TextField
      select
      size="small"
      value={data.role}
      disabled={changingRole || isViewer}
      onChange={(event) => handleRole(event.target.value as UserRole)}
      slotProps={{ htmlInput: { "aria-label": `Role of ${data.email}` } }}
      sx={{ minWidth: 150 }}
    >
      {USER_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {USER_ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
  const actions = (
    <>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {disabled ? (
          <Button
            size="small"
            variant="outlined"
            disabled={settingDisabled}
            onClick={() => handleDisabled(false)}
          >
            Re-enable
          </Button>
        ) : (
          <Button
            size="small"
            color="error"
            variant="outlined"
            disabled={settingDisabled || isViewer}
            onClick={() => setConfirm("disable")}
          >
            Disable
          </Button>
        )}
        <Button
          size="small"
          disabled={endingSessions || data.openSessionCount === 0}
          onClick={() => setConfirm("sessions")}
        >
          End sessions
        </Button>
      </Box>
      <ConfirmDialog
        open={confirm === "disable"}
        title={`Disable ${data.email}?`}
        text="Their sessions end at once, open tabs are signed out and sign-in is refused until you re-enable the account."
        confirmLabel="Disable account"
        destructive
        busy={settingDisabled}
        onConfirm={() => handleDisabled(true)}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "sessions"}
        title={`End the sessions of ${data.email}?`}
        text="Every device they are signed in on is signed out now; they can sign in again."
        confirmLabel="End sessions"
        busy={endingSessions}
        onConfirm={handleEndSessions}
        onClose={() => setConfirm(null)}
      />
    </>
  );
  return (
    <DataRow
      columns={USER_COLUMNS}
      row={data}
      cells={{ role, actions }}
      data-testid={`user-row-${data.email}`}
    />
  );
}
