import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import { ChoiceFilter } from "../ui/list/ChoiceFilter.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useAddressList } from "../ui/list/useAddressList.ts";
import { useToast } from "../ui/Toast.tsx";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { AuditTabQuery } from "./__generated__/AuditTabQuery.graphql";
import { AuditChanges } from "./AuditChanges.tsx";
import { AUDIT_LIST, type AuditFilter, auditFilterOf } from "./criteria.ts";
import { downloadAuditCsv } from "./download-audit-csv.ts";
import { SearchField } from "./SearchField.tsx";
import type { TabProps } from "./tab-props.ts";

const query = graphql`
  query AuditTabQuery($search: String, $filter: AuditFilter, $page: Int, $pageSize: Int) {
    auditVocabulary {
      entityTypes
      actions
    }
    auditLog(search: $search, filter: $filter, page: $page, pageSize: $pageSize) {
      ...usePagedList_page
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

export function AuditTab({ retryKey }: TabProps) {
  const list = useAddressList(AUDIT_LIST);
  const { criteria } = list;
  const [exporting, setExporting] = useState(false);
  const { notify, toast } = useToast({ role: "status" });
  const filter = auditFilterOf(criteria.filter);
  const search = criteria.search.trim() || null;
  const data = useLazyLoadQuery<AuditTabQuery>(
    query,
    { search, filter, page: criteria.page, pageSize: criteria.pageSize },
    { fetchPolicy: "store-and-network", fetchKey: retryKey },
  );
  const entries = data.auditLog;
  list.answered(entries);
  const setFilter = (changes: Partial<AuditFilter>) =>
    list.change({ filter: { ...criteria.filter, ...changes } });

  const handleExport = async () => {
    const exportQuery = new URLSearchParams();
    if (search) exportQuery.set("search", search);
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
      <ListToolbar
        label="Audit log"
        searchLabel="Search the log"
        placeholder="Action, record id, text or address…"
        {...list.search}
        filter={
          <>
            <SearchField
              label="Who"
              placeholder="E-mail or name"
              value={criteria.filter.actor}
              onSearch={(actor) => setFilter({ actor })}
            />
            <ChoiceFilter
              label="Entity"
              anyLabel="All entities"
              value={criteria.filter.entityType}
              choices={data.auditVocabulary.entityTypes.map((type) => [type, type] as const)}
              onChange={(entityType) => setFilter({ entityType: entityType ?? "" })}
            />
            <ChoiceFilter
              label="Action"
              anyLabel="All actions"
              value={criteria.filter.action}
              choices={data.auditVocabulary.actions.map((action) => [action, action] as const)}
              minWidth={190}
              onChange={(action) => setFilter({ action: action ?? "" })}
            />
            {(["from", "to"] as const).map((bound) => (
              <TextField
                key={bound}
                size="small"
                type="date"
                label={bound === "from" ? "From" : "To"}
                value={criteria.filter[bound]}
                onChange={(event) => setFilter({ [bound]: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
          </>
        }
      >
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exporting} onClick={handleExport}>
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </ListToolbar>
      <DataTable
        label="Audit log"
        columns={AUDIT_COLUMNS}
        empty="No audit entries found."
        minWidth={900}
        {...list.tableOf(entries, { label: "Audit log pages", countTestId: "page-range" })}
      >
        {entries.edges.map(({ node }) => (
          <DataRow key={node.id} columns={AUDIT_COLUMNS} row={node} data-testid="audit-row" />
        ))}
      </DataTable>
      {toast}
    </>
  );
}
