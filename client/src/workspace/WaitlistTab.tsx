import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { formatDateTime } from "../lib/dates.ts";
import { PAGE_SIZE } from "../lib/pagination.ts";
import type { WaitlistTabQuery } from "./__generated__/WaitlistTabQuery.graphql";
import { pageOf, WAITLIST_VIEWS, type WaitlistView, withChanges } from "./criteria.ts";
import { ListFooter } from "./ListFooter.tsx";
import { SearchField } from "./SearchField.tsx";
import type { TabProps } from "./tab-props.ts";
import { useDismissWaitlistEntryMutation } from "./useDismissWaitlistEntryMutation.ts";
import { useFeedback } from "./useFeedback.tsx";
import { useInviteFromWaitlistMutation } from "./useInviteFromWaitlistMutation.ts";

const query = graphql`
  query WaitlistTabQuery($search: String, $view: WaitlistView, $page: Int, $pageSize: Int) {
    waitlist(search: $search, filter: { view: $view }, page: $page, pageSize: $pageSize) {
      totalCount
      pageCount
      edges {
        node {
          id
          email
          domain
          createdAt
          invitedAt
          dismissedAt
        }
      }
    }
  }
`;

const VIEW_LABELS: Record<WaitlistView, string> = {
  open: "Open",
  invited: "Invited",
  dismissed: "Dismissed",
  all: "All",
};

export function WaitlistTab({ params, onNavigate, retryKey }: TabProps) {
  const view = (WAITLIST_VIEWS as readonly string[]).includes(params.get("view") ?? "")
    ? (params.get("view") as WaitlistView)
    : "open";
  const search = params.get("search") ?? "";
  const page = pageOf(params);
  const [refreshKey, setRefreshKey] = useState(0);
  const [isPending, startTransition] = useTransition();
  const { notify, snackbar } = useFeedback();
  const [invite, inviting] = useInviteFromWaitlistMutation();
  const [dismiss, dismissing] = useDismissWaitlistEntryMutation();
  const data = useLazyLoadQuery<WaitlistTabQuery>(
    query,
    { search: search || null, view, page, pageSize: PAGE_SIZE },
    { fetchPolicy: "store-and-network", fetchKey: `${retryKey}-${refreshKey}` },
  );
  const { totalCount, pageCount, edges } = data.waitlist;
  const refresh = () => startTransition(() => setRefreshKey((key) => key + 1));
  const failed = (message: string | null) => notify(message ?? "The change could not be saved.", "error");

  return (
    <>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <SearchField
          label="Search addresses"
          placeholder="E-mail or domain…"
          value={search}
          onSearch={(term) => onNavigate(withChanges(params, { search: term }))}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: WaitlistView | null) =>
            next && onNavigate(withChanges(params, { view: next === "open" ? null : next }))
          }
          aria-label="Which addresses"
        >
          {WAITLIST_VIEWS.map((value) => (
            <ToggleButton key={value} value={value}>
              {VIEW_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <TableContainer component={Paper} variant="outlined" sx={{ opacity: isPending ? 0.6 : 1 }}>
        <Table size="small" aria-label="Waitlist">
          <TableHead>
            <TableRow>
              {["Email", "Domain", "Refused on", "State", "Actions"].map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700 }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {edges.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ py: 4 }}>
                  No addresses on the waitlist.
                </TableCell>
              </TableRow>
            ) : (
              edges.map(({ node }) => (
                <TableRow key={node.id} hover data-testid={`waitlist-${node.email}`}>
                  <TableCell sx={{ wordBreak: "break-all" }}>{node.email}</TableCell>
                  <TableCell>{node.domain}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(node.createdAt)}</TableCell>
                  <TableCell>
                    {node.invitedAt ? (
                      <Chip
                        size="small"
                        color="success"
                        label={`Invited ${formatDateTime(node.invitedAt)}`}
                      />
                    ) : node.dismissedAt ? (
                      <Chip size="small" variant="outlined" label="Dismissed" />
                    ) : (
                      <Chip size="small" color="warning" label="Waiting" />
                    )}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={inviting}
                        onClick={() =>
                          invite(
                            { input: { id: node.id } },
                            {
                              onSuccess: () => {
                                notify(`${node.email} may now register; an invitation link is on its way.`);
                                refresh();
                              },
                              onFailure: ({ message }) => failed(message),
                            },
                          )
                        }
                      >
                        {node.invitedAt ? "Invite again" : "Invite"}
                      </Button>
                      {!node.dismissedAt && !node.invitedAt ? (
                        <Button
                          size="small"
                          disabled={dismissing}
                          onClick={() =>
                            dismiss(
                              { input: { id: node.id } },
                              {
                                onSuccess: () => {
                                  notify(`${node.email} dismissed.`);
                                  refresh();
                                },
                                onFailure: ({ message }) => failed(message),
                              },
                            )
                          }
                        >
                          Dismiss
                        </Button>
                      ) : null}
                    </Box>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListFooter
        label="Waitlist pages"
        page={page}
        pageCount={pageCount}
        totalCount={totalCount}
        busy={isPending}
        onPage={(next) => onNavigate(withChanges(params, { page: next }))}
      />
      {snackbar}
    </>
  );
}
