import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useAddressList } from "../ui/list/useAddressList.ts";
import { readPage } from "../ui/list/usePagedList.ts";
import { ViewToggle } from "../ui/list/ViewToggle.tsx";
import { useToast } from "../ui/Toast.tsx";
import type { VettingTabQuery } from "./__generated__/VettingTabQuery.graphql";
import { VETTING_LIST, VETTING_VIEWS, type VettingView } from "./criteria.ts";
import { ListFooter } from "./ListFooter.tsx";
import type { TabProps } from "./tab-props.ts";
import { VettingCard } from "./VettingCard.tsx";

const query = graphql`
  query VettingTabQuery($search: String, $status: AccountStatus!, $page: Int, $pageSize: Int) {
    users(search: $search, filter: { role: CARRIER, status: $status }, orderBy: { field: CREATED_AT, direction: ASC }, page: $page, pageSize: $pageSize) {
      ...usePagedList_page
      edges {
        node {
          id
          ...VettingCard_user
        }
      }
    }
  }
`;

const VIEWS: Record<VettingView, string> = { pending: "Waiting for approval", rejected: "Rejected" };

export function VettingTab({ retryKey }: TabProps) {
  const list = useAddressList(VETTING_LIST);
  const { criteria } = list;
  const view = criteria.filter.view ?? "pending";
  const [refreshKey, setRefreshKey] = useState(0);
  const [isPending, startTransition] = useTransition();
  const { notify, toast } = useToast({ role: "status" });
  const data = useLazyLoadQuery<VettingTabQuery>(
    query,
    {
      search: criteria.search.trim() || null,
      status: view,
      page: criteria.page,
      pageSize: criteria.pageSize,
    },
    { fetchPolicy: "store-and-network", fetchKey: `${retryKey}-${refreshKey}` },
  );
  const { edges } = data.users;
  const { totalCount, pageCount } = readPage(data.users);
  list.answered(data.users);

  return (
    <>
      <ListToolbar
        label="Carrier vetting"
        searchLabel="Search carriers"
        placeholder="E-mail, name, user id or company…"
        {...list.search}
        after={
          <Typography variant="body2" color="text.secondary">
            {totalCount} carrier{totalCount === 1 ? "" : "s"}
          </Typography>
        }
        filter={
          <ViewToggle
            label="Which carriers"
            views={VETTING_VIEWS}
            labels={VIEWS}
            value={criteria.filter.view}
            onChange={(view) => list.change({ filter: { view } })}
          />
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        With CARRIER_APPROVAL=required, new carrier sign-ups wait here. They can sign in and complete their
        profile, but offers and bidding open only once approved. The carrier is told by notification and
        e-mail.
      </Alert>
      {edges.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography color="text.secondary">
            {view === "pending" ? "No carriers are waiting for approval." : "No rejected carriers."}
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={2} sx={{ opacity: isPending || list.isPending ? 0.6 : 1 }}>
          {edges.map(({ node }) => (
            <VettingCard
              key={node.id}
              user={node}
              onDecided={(message) => {
                notify(message);
                startTransition(() => setRefreshKey((key) => key + 1));
              }}
              onFailed={(message) => notify(message, "error")}
            />
          ))}
        </Stack>
      )}
      <ListFooter
        label="Carrier vetting pages"
        page={criteria.page}
        pageCount={pageCount}
        totalCount={totalCount}
        busy={isPending || list.isPending}
        onPage={list.setPage}
      />
      {toast}
    </>
  );
}
