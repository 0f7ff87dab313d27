import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import type { HistoryPanelQuery } from "./__generated__/HistoryPanelQuery.graphql";
import { AuditChanges } from "./AuditChanges.tsx";

const HISTORY_PAGE_SIZE = 10;

const query = graphql`
  query HistoryPanelQuery($filter: AuditFilter!, $pageSize: Int, $loadId: String!, $isLoad: Boolean!) {
    auditLog(filter: $filter, page: 1, pageSize: $pageSize) {
      totalCount
      edges {
        node {
          ...HistoryPanel_entry @relay(mask: false)
        }
      }
    }
    loadUploadHistory(loadId: $loadId) @include(if: $isLoad) {
      ...HistoryPanel_entry @relay(mask: false)
    }
  }
`;

graphql`
  fragment HistoryPanel_entry on AuditEntry {
    id
    createdAt
    action
    ip
    summary
    actor {
      email
    }
    ...AuditChanges_entry
  }
`;

interface HistoryPanelProps {
  /** The audit log's entity type: Load, Carrier, Route, Offer, Invoice, Bill, User... */
  entityType: string;
  /** The record's id (Relay or database id). */
  entityId: string;
}

/** "Who changed this and when?": the record's latest audit entries, for any detail screen. */
export function HistoryPanel({ entityType, entityId }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <Accordion
      expanded={open}
      onChange={(_event, expanded) => setOpen(expanded)}
      variant="outlined"
      disableGutters
      sx={{ mt: 3 }}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="history-content" id="history-header">
        <Typography sx={{ fontWeight: 700 }}>History</Typography>
      </AccordionSummary>
      <AccordionDetails id="history-content">
        <ErrorBoundary message="The history could not be loaded.">
          <Suspense fallback={<Loading />}>
            <HistoryEntries entityType={entityType} entityId={entityId} />
          </Suspense>
        </ErrorBoundary>
      </AccordionDetails>
    </Accordion>
  );
}

function HistoryEntries({ entityType, entityId }: HistoryPanelProps) {
  const isLoad = entityType === "Load";
  const data = useLazyLoadQuery<HistoryPanelQuery>(
    query,
    { filter: { entityType, entityId }, pageSize: HISTORY_PAGE_SIZE, loadId: entityId, isLoad },
    { fetchPolicy: "network-only" },
  );
  const { totalCount } = data.auditLog;
  // A bulk upload keeps one audit row per batch: the load's uploads come beside its own rows.
  const entries = [...data.auditLog.edges.map((edge) => edge.node), ...(data.loadUploadHistory ?? [])].sort(
    (a, b) => String(b.createdAt).localeCompare(String(a.createdAt)),
  );
  if (entries.length === 0) return <Typography color="text.secondary">No changes recorded yet.</Typography>;
  return (
    <Box>
      {entries.map((node, index) => (
        <Box key={node.id} data-testid="history-entry">
          {index > 0 ? <Divider sx={{ my: 1.5 }} /> : null}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {node.action} · {node.actor?.email ?? "System"}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            {formatDateTime(node.createdAt)}
            {node.ip ? ` · from ${node.ip}` : ""}
          </Typography>
          {node.summary ? (
            <Typography variant="body2">{node.summary}</Typography>
          ) : (
            <AuditChanges entry={node} />
          )}
        </Box>
      ))}
      {totalCount > data.auditLog.edges.length ? (
        <Button
          component={RouterLink}
          to={`/workspace-control?tab=audit&entityType=${encodeURIComponent(entityType)}&entityId=${encodeURIComponent(entityId)}`}
          sx={{ mt: 1.5 }}
        >
          All {totalCount} entries in the audit log
        </Button>
      ) : null}
    </Box>
  );
}
