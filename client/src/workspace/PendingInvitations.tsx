import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { USER_ROLE_LABELS, type UserRole } from "../../../common/workspace.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { PendingInvitations_query$key } from "./__generated__/PendingInvitations_query.graphql";
import { useInviteUserMutation } from "./useInviteUserMutation.ts";
import { useRevokeInvitationMutation } from "./useRevokeInvitationMutation.ts";

interface PendingInvitationsProps {
  query: PendingInvitations_query$key;
  onChanged(message: string): void;
  onFailed(message: string): void;
}

/** Links sent and not used yet: resend (a fresh 72-hour link) or revoke. */
export function PendingInvitations({ query, onChanged, onFailed }: PendingInvitationsProps) {
  const data = useFragment(
    graphql`
      fragment PendingInvitations_query on Query {
        invitations(page: 1, pageSize: 20) {
          totalCount
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
  const [invite, inviting] = useInviteUserMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const { totalCount, edges } = data.invitations;
  if (totalCount === 0) return null;
  const failed = (message: string | null) => onFailed(message ?? "The change could not be saved.");

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Pending invitations">
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        Pending invitations · {totalCount}
      </Typography>
      {edges.map(({ node }) => (
        <Box
          key={node.id}
          data-testid={`invitation-${node.email}`}
          sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", py: 0.5 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
            {node.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {USER_ROLE_LABELS[node.role as UserRole] ?? node.role} · link valid until{" "}
            {formatDateTime(node.expiresAt)}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
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
      ))}
    </Paper>
  );
}
