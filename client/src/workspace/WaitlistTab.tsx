import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { formatDateTime } from "../lib/dates.ts";
import { PAGE_SIZE } from "../lib/pagination.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { WaitlistTabQuery } from "./__generated__/WaitlistTabQuery.graphql";
import { pageOf, WAITLIST_VIEWS, type WaitlistView, withChanges } from "./criteria.ts";
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

type Entry = WaitlistTabQuery["response"]["waitlist"]["edges"][number]["node"];

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

  const columns: readonly Column<Entry>[] = [
    {
      id: "email",
      header: "Email",
      key: true,
      cell: (entry) => <Box sx={{ wordBreak: "break-all" }}>{entry.email}</Box>,
    },
    { id: "domain", header: "Domain", cell: (entry) => entry.domain },
    { id: "refused", header: "Refused on", nowrap: true, cell: (entry) => formatDateTime(entry.createdAt) },
    {
      id: "state",
      header: "State",
      cell: (entry) =>
        entry.invitedAt ? (
          <Chip size="small" color="success" label={`Invited ${formatDateTime(entry.invitedAt)}`} />
        ) : entry.dismissedAt ? (
          <Chip size="small" variant="outlined" label="Dismissed" />
        ) : (
          <Chip size="small" color="warning" label="Waiting" />
        ),
    },
    {
      id: "actions",
      header: "Actions",
      cell: (entry) => (
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button
            size="small"
            variant="outlined"
            disabled={inviting}
            onClick={() =>
              invite(
                { input: { id: entry.id } },
                {
                  onSuccess: () => {
                    notify(`${entry.email} may now register; an invitation link is on its way.`);
                    refresh();
                  },
                  onFailure: ({ message }) => failed(message),
                },
              )
            }
          >
            {entry.invitedAt ? "Invite again" : "Invite"}
          </Button>
          {!entry.dismissedAt && !entry.invitedAt ? (
            <Button
              size="small"
              disabled={dismissing}
              onClick={() =>
                dismiss(
                  { input: { id: entry.id } },
                  {
                    onSuccess: () => {
                      notify(`${entry.email} dismissed.`);
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
      ),
    },
  ];

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
      <DataTable
        label="Waitlist"
        columns={columns}
        empty="No addresses on the waitlist."
        rowCount={edges.length}
        loading={isPending}
        minWidth={760}
        paging={{
          page,
          pageCount,
          pageSize: PAGE_SIZE,
          totalCount,
          onPage: (next) => onNavigate(withChanges(params, { page: next })),
          label: "Waitlist pages",
          countTestId: "page-range",
        }}
      >
        {edges.map(({ node }) => (
          <DataRow key={node.id} columns={columns} row={node} data-testid={`waitlist-${node.email}`} />
        ))}
      </DataTable>
      {snackbar}
    </>
  );
}
