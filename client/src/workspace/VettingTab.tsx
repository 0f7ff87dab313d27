import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { PAGE_SIZE } from "../lib/pagination.ts";
import type { VettingTabQuery } from "./__generated__/VettingTabQuery.graphql";
import { pageOf, withChanges } from "./criteria.ts";
import { ListFooter } from "./ListFooter.tsx";
import type { TabProps } from "./tab-props.ts";
import { useFeedback } from "./useFeedback.tsx";
import { VettingCard } from "./VettingCard.tsx";

const query = graphql`
  query VettingTabQuery($status: AccountStatus!, $page: Int, $pageSize: Int) {
    users(filter: { role: CARRIER, status: $status }, orderBy: { field: CREATED_AT, direction: ASC }, page: $page, pageSize: $pageSize) {
      totalCount
      pageCount
      edges {
        node {
          id
          ...VettingCard_user
        }
      }
    }
  }
`;

const VIEWS = { pending: "Waiting for approval", rejected: "Rejected" } as const;
type VettingView = keyof typeof VIEWS;

export function VettingTab({ params, onNavigate, retryKey }: TabProps) {
  const view: VettingView = params.get("view") === "rejected" ? "rejected" : "pending";
  const page = pageOf(params);
  const [refreshKey, setRefreshKey] = useState(0);
  const [isPending, startTransition] = useTransition();
  const { notify, snackbar } = useFeedback();
  const data = useLazyLoadQuery<VettingTabQuery>(
    query,
    { status: view, page, pageSize: PAGE_SIZE },
    { fetchPolicy: "store-and-network", fetchKey: `${retryKey}-${refreshKey}` },
  );
  const { totalCount, pageCount, edges } = data.users;

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: VettingView | null) =>
            next && onNavigate(withChanges(params, { view: next === "pending" ? null : next }))
          }
          aria-label="Which carriers"
        >
          {Object.entries(VIEWS).map(([value, label]) => (
            <ToggleButton key={value} value={value}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {totalCount} carrier{totalCount === 1 ? "" : "s"}
        </Typography>
      </Stack>
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
        <Stack spacing={2} sx={{ opacity: isPending ? 0.6 : 1 }}>
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
