import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { formatDateTime } from "../lib/dates.ts";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useAddressList } from "../ui/list/useAddressList.ts";
import { ViewToggle } from "../ui/list/ViewToggle.tsx";
import { useToast } from "../ui/Toast.tsx";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { WaitlistTabQuery } from "./__generated__/WaitlistTabQuery.graphql";
import { WAITLIST_LIST, WAITLIST_VIEWS, type WaitlistView } from "./criteria.ts";
import type { TabProps } from "./tab-props.ts";
import { useDismissWaitlistEntryMutation } from "./useDismissWaitlistEntryMutation.ts";
import { useInviteFromWaitlistMutation } from "./useInviteFromWaitlistMutation.ts";

const query = graphql`
  query WaitlistTabQuery($search: String, $view: WaitlistView, $page: Int, $pageSize: Int) {
    waitlist(search: $search, filter: { view: $view }, page: $page, pageSize: $pageSize) {
      ...usePagedList_page
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

export function WaitlistTab({ retryKey }: TabProps) {
  const list = useAddressList(WAITLIST_LIST);
  const { criteria } = list;
  const view = criteria.filter.view ?? "open";
  const [refreshKey, setRefreshKey] = useState(0);
  const [isRefreshing, startTransition] = useTransition();
  const { notify, toast } = useToast({ role: "status" });
  const [invite, inviting] = useInviteFromWaitlistMutation();
  const [dismiss, dismissing] = useDismissWaitlistEntryMutation();
  const data = useLazyLoadQuery<WaitlistTabQuery>(
    query,
    { search: criteria.search.trim() || null, view, page: criteria.page, pageSize: criteria.pageSize },
    { fetchPolicy: "store-and-network", fetchKey: `${retryKey}-${refreshKey}` },
  );
  const entries = data.waitlist;
  list.answered(entries);
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
      <ListToolbar
        label="Waitlist"
        searchLabel="Search addresses"
        placeholder="E-mail or domain…"
        {...list.search}
        filter={
          <ViewToggle
            label="Which addresses"
            views={WAITLIST_VIEWS}
            labels={VIEW_LABELS}
            value={criteria.filter.view}
            onChange={(view) => list.change({ filter: { view } })}
          />
        }
      />
      <DataTable
        label="Waitlist"
        columns={columns}
        empty="No addresses on the waitlist."
        minWidth={760}
        {...list.tableOf(entries, { label: "Waitlist pages", countTestId: "page-range" })}
        loading={list.isPending || isRefreshing}
      >
        {entries.edges.map(({ node }) => (
          <DataRow key={node.id} columns={columns} row={node} data-testid={`waitlist-${node.email}`} />
        ))}
      </DataTable>
      {toast}
    </>
  );
}
