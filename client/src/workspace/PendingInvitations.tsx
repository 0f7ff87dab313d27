import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useMemo, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { USER_ROLE_LABELS, type UserRole } from "../../../common/workspace.ts";
import { formatDateTime } from "../lib/dates.ts";
import { readPage } from "../ui/list/usePagedList.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { PendingInvitations_query$key } from "./__generated__/PendingInvitations_query.graphql";
import type { PendingInvitationsRefetchQuery } from "./__generated__/PendingInvitationsRefetchQuery.graphql";
import { useInviteUserMutation } from "./useInviteUserMutation.ts";
import { useRevokeInvitationMutation } from "./useRevokeInvitationMutation.ts";

interface PendingInvitationsProps {
  query: PendingInvitations_query$key;
  onChanged(message: string): void;
  onFailed(message: string): void;
}

interface Invitation {
  readonly id: string;
  readonly email: string;
  readonly role: string;
  readonly expiresAt: string;
}

/**
 * Links sent and not used yet: resend (a fresh 72-hour link) or revoke. Shown above the Users table
 * while there are any, paged on their own (the address holds the Users list's criteria).
 */
export function PendingInvitations({ query, onChanged, onFailed }: PendingInvitationsProps) {
  const [data, refetch] = useRefetchableFragment<
    PendingInvitationsRefetchQuery,
    PendingInvitations_query$key
  >(
    graphql`
      fragment PendingInvitations_query on Query
      @refetchable(queryName: "PendingInvitationsRefetchQuery")
      @argumentDefinitions(invitationPage: { type: "Int", defaultValue: 1 }) {
        invitations(page: $invitationPage, pageSize: 20) {
          ...usePagedList_page
          edges {
            node {
              id
              email
              role
              expiresAt
            }
          }
        }
      }
    `,
    query,
  );
  const [isPending, startTransition] = useTransition();
  const [invite, inviting] = useInviteUserMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const columns = useMemo((): readonly Column<Invitation>[] => {
    const failed = (message: string | null) => onFailed(message ?? "The change could not be saved.");
    return [
      {
        id: "email",
        header: "Email",
        key: true,
        cell: (node) => <Box sx={{ wordBreak: "break-all" }}>{node.email}</Box>,
      },
      { id: "role", header: "Role", cell: (node) => USER_ROLE_LABELS[node.role as UserRole] ?? node.role },
      {
        id: "expires",
        header: "Link valid until",
        nowrap: true,
        cell: (node) => formatDateTime(node.expiresAt),
      },
      {
        id: "actions",
        header: "Actions",
        cell: (node) => (
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button
              size="small"
              disabled={inviting}
              onClick={() =>
                invite(
                  { input: { email: node.email, role: node.role as UserRole } },
                  {
                    onSuccess: () => onChanged(`A new link was sent to ${node.email}.`),
                    onFailure: ({ message }) => failed(message),
                  },
                )
              }
            >
              Resend
            </Button>
            <Button
              size="small"
              color="error"
              disabled={revoking}
              onClick={() =>
                revoke(
                  { input: { id: node.id } },
                  {
                    onSuccess: () => onChanged(`Invitation to ${node.email} revoked.`),
                    onFailure: ({ message }) => failed(message),
                  },
                )
              }
            >
              Revoke
            </Button>
          </Box>
        ),
      },
    ];
  }, [invite, inviting, revoke, revoking, onChanged, onFailed]);
  const invitations = data.invitations;
  const shown = readPage(invitations);
  if (shown.totalCount === 0) return null;

  return (
    <Box component="section" aria-label="Pending invitations" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Pending invitations · {shown.totalCount}
      </Typography>
      <DataTable
        label="Pending invitations"
        columns={columns}
        empty="No pending invitations."
        rowCount={invitations.edges.length}
        loading={isPending}
        minWidth={640}
        paging={{
          ...shown,
          label: "Pending invitations pages",
          onPage: (page) =>
            startTransition(() => {
              refetch({ invitationPage: page }, { fetchPolicy: "store-or-network" });
            }),
        }}
      >
        {invitations.edges.map(({ node }) => (
          <DataRow key={node.id} columns={columns} row={node} data-testid={`invitation-${node.email}`} />
        ))}
      </DataTable>
    </Box>
  );
}
