import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useState, useTransition } from "react";
import { graphql, usePaginationFragment } from "react-relay";
import type { ContactMessageList_query$key } from "./__generated__/ContactMessageList_query.graphql";
import type { ContactMessageStatus } from "./__generated__/ContactMessagesPageQuery.graphql";
import { ContactMessageCard } from "./ContactMessageCard.tsx";

const STATUS_LABELS: [ContactMessageStatus, string][] = [
  ["OPEN", "Open"],
  ["HANDLED", "Handled"],
  ["ALL", "All"],
];

interface ContactMessageListProps {
  query: ContactMessageList_query$key;
}

export function ContactMessageList({ query }: ContactMessageListProps) {
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment ContactMessageList_query on Query
      @refetchable(queryName: "ContactMessageListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 25 }
        cursor: { type: "String" }
        status: { type: "ContactMessageStatus" }
      ) {
        contactMessages(first: $count, after: $cursor, status: $status)
          @connection(key: "ContactMessageList_contactMessages", filters: ["status"]) {
          totalCount
          edges {
            node {
              id
              ...ContactMessageCard_message
            }
          }
        }
      }
    `,
    query,
  );
  const [isSwitching, startTransition] = useTransition();
  const [shown, setShown] = useState<ContactMessageStatus>("OPEN");
  const handleStatus = (status: ContactMessageStatus | null) => {
    if (!status) return;
    setShown(status);
    startTransition(() => {
      refetch({ status }, { fetchPolicy: "store-and-network" });
    });
  };
  const edges = data.contactMessages.edges;
  return (
    <Stack spacing={2} sx={{ opacity: isSwitching ? 0.6 : 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={shown}
          aria-label="Show messages"
          onChange={(_event, status: ContactMessageStatus | null) => handleStatus(status)}
        >
          {STATUS_LABELS.map(([status, label]) => (
            <ToggleButton key={status} value={status}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {data.contactMessages.totalCount} message{data.contactMessages.totalCount === 1 ? "" : "s"}
        </Typography>
      </Box>
      {edges.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
          <Typography color="text.secondary">No messages here.</Typography>
        </Paper>
      ) : (
        edges.map((edge) => <ContactMessageCard key={edge.node.id} message={edge.node} />)
      )}
      {hasNext ? (
        <Box sx={{ textAlign: "center" }}>
          <Button onClick={() => loadNext(25)} disabled={isLoadingNext}>
            {isLoadingNext ? "Loading..." : "Show older messages"}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
