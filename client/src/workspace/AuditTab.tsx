import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, useTransition } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import { PAGE_SIZE } from "../lib/pagination.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { AuditTabQuery } from "./__generated__/AuditTabQuery.graphql";
import { AuditChanges } from "./AuditChanges.tsx";
import { auditCriteria, auditFilterOf, withChanges } from "./criteria.ts";
import { downloadAuditCsv } from "./download-audit-csv.ts";
import { SearchField } from "./SearchField.tsx";
import type { TabProps } from "./tab-props.ts";
import { useFeedback } from "./useFeedback.tsx";

const query = graphql`
  query AuditTabQuery($search: String, $filter: AuditFilter, $page: Int, $pageSize: Int) {
    auditVocabulary {
      entityTypes
      actions
    }
    auditLog(search: $search, filter: $filter, page: $page, pageSize: $pageSize) {
      totalCount
      pageCount
      edges {
        node {
          id
          createdAt
          action
          entityType
          entityId
          ip
          actor {
            email
            fullName
          }
          record {
            label
            path
          }
          ...AuditChanges_entry
        }
      }
    }
  }
`;

type Entry = AuditTabQuery["response"]["auditLog"]["edges"][number]["node"];

/** The audit log's columns. */
const AUDIT_COLUMNS: readonly Column<Entry>[] = [
  { id: "when", header: "When", key: true, nowrap: true, cell: (entry) => formatDateTime(entry.createdAt) },
  {
    id: "who",
    header: "Who",
    cell: (entry) => (
      <Box sx={{ wordBreak: "break-all", minWidth: 140 }}>{entry.actor?.email ?? "System"}</Box>
    ),
  },
  { id: "action", header: "Action", nowrap: true, cell: (entry) => entry.action },
  {
    id: "record",
    header: "Record",
    cell: (entry) => (
      <Box sx={{ minWidth: 140 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {entry.entityType}
        </Typography>
        {entry.record?.path ? (
          <Link component={RouterLink} to={entry.record.path}>
            {entry.record.label}
          </Link>
        ) : (
          <Typography variant="body2">{entry.record?.label ?? entry.entityId ?? "—"}</Typography>
        )}
      </Box>
    ),
  },
  { id: "changes", header: "Changes", cell: (entry) => <AuditChanges entry={entry} /> },
  { id: "ip", header: "From address", nowrap: true, cell: (entry) => entry.ip ?? "—" },
];

export function AuditTab({ params, onNavigate, retryKey }: TabProps) {
  const criteria = auditCriteria(params);
  const [isPending] = useTransition();
  const [exporting, setExporting] = useState(false);
  const { notify, snackbar } = useFeedback();
  const filter = auditFilterOf(criteria);
  const data = useLazyLoadQuery<AuditTabQuery>(
    query,
    { search: criteria.search || null, filter, page: criteria.page, pageSize: PAGE_SIZE },
    { fetchPolicy: "store-and-network", fetchKey: retryKey },
  );
  const change = (changes: Record<string, string | number | null>) =>
    onNavigate(withChanges(params, changes));
  const { totalCount, pageCount, edges } = data.auditLog;

  const handleExport = async () => {
    const exportQuery = new URLSearchParams();
    if (criteria.search) exportQuery.set("search", criteria.search);
    for (const [name, value] of Object.entries(filter)) if (value) exportQuery.set(name, value);
    setExporting(true);
    try {
      await downloadAuditCsv(exportQuery.toString());
    } catch {
      notify("The export could not be downloaded.", "error");
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <SearchField
          label="Search the log"
          placeholder="Action, record id, text or address…"
          value={criteria.search}
          onSearch={(search) => change({ search })}
        />
        <SearchField
          label="Who"
          placeholder="E-mail or name"
          value={criteria.actor}
          onSearch={(actor) => change({ actor })}
        />
        <TextField
          select
          size="small"
          label="Entity"
          value={criteria.entityType}
          onChange={(event) => change({ entityType: event.target.value })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All entities</MenuItem>
          {data.auditVocabulary.entityTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Action"
          value={criteria.action}
          onChange={(event) => change({ action: event.target.value })}
          sx={{ minWidth: 190 }}
        >
          <MenuItem value="">All actions</MenuItem>
          {data.auditVocabulary.actions.map((action) => (
            <MenuItem key={action} value={action}>
              {action}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={criteria.from}
          onChange={(event) => change({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={criteria.to}
          onChange={(event) => change({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exporting} onClick={handleExport}>
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </Box>
      <DataTable
        label="Audit log"
        columns={AUDIT_COLUMNS}
        empty="No audit entries found."
        rowCount={edges.length}
        loading={isPending}
        minWidth={900}
        paging={{
          page: criteria.page,
          pageCount,
          pageSize: PAGE_SIZE,
          totalCount,
          onPage: (page) => change({ page }),
          label: "Audit log pages",
          countTestId: "page-range",
        }}
      >
        {edges.map(({ node }) => (
          <DataRow key={node.id} columns={AUDIT_COLUMNS} row={node} data-testid="audit-row" />
        ))}
      </DataTable>
      {snackbar}
    </>
  );
}
