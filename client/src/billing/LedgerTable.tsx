import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { BILLING_TEXTS, type Ledger } from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import { FilterButton } from "../ui/list/FilterButton.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import type { usePagedList } from "../ui/list/usePagedList.ts";
import { Toast } from "../ui/Toast.tsx";
import type { Column } from "../ui/table/columns.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import { AddEntryDialog } from "./AddEntryDialog.tsx";
import { BillingFilterDialog } from "./BillingFilterDialog.tsx";
import {
  activeFilterCount,
  type BillingFilters,
  exportPath,
  SORT_FIELDS,
  SORT_LABELS,
  type SortField,
} from "./billing-criteria.ts";
import { downloadFile } from "./download.ts";
import { CREATE_TEXTS } from "./entry-form.ts";

interface LedgerTableProps<Row> {
  ledger: Ledger;
  list: ReturnType<typeof usePagedList<BillingFilters, SortField>>;
  columns: readonly Column<Row, SortField>[];
  totalCount: number;
  pageCount: number;
  page: number;
  pageSize: number;
  totalAmountCents: number;
  rowCount: number;
  children: ReactNode;
}

/** One ledger: toolbar, the spec's columns, 'No loads found.', totals and the numbered pager. */
export function LedgerTable<Row>({
  ledger,
  list,
  columns,
  totalAmountCents,
  children,
  ...page
}: LedgerTableProps<Row>) {
  const { criteria, change } = list;
  const [filterOpen, setFilterOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [addKey, setAddKey] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const what = ledger === "receivable" ? "invoices" : "bills";
  const labels = SORT_LABELS[ledger];

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadFile(exportPath(ledger, criteria), `${ledger}.csv`);
    } catch {
      setNotice({ severity: "error", text: "The export could not be downloaded. Please try again." });
    } finally {
      setExporting(false);
    }
  };

  const closeAdd = () => {
    setAddOpen(false);
    setAddKey((key) => key + 1);
  };

  return (
    <>
      <ListToolbar<SortField>
        label={what}
        searchLabel={`Search ${what}`}
        placeholder={ledger === "receivable" ? "Search number or customer…" : "Search number or carrier…"}
        {...list.search}
        filter={
          <FilterButton active={activeFilterCount(criteria.filter)} onClick={() => setFilterOpen(true)} />
        }
        sort={list.sortMenu(
          SORT_FIELDS.filter((field) => field !== "CREATED_AT").map(
            (field) => [field, labels[field]] as const,
          ),
          "Newest first",
        )}
      >
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={handleExport} disabled={exporting}>
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon />}
          onClick={() => setAddOpen(true)}
        >
          Manual update
        </Button>
      </ListToolbar>
      <DataTable
        label={ledger === "receivable" ? "Accounts Receivable" : "Accounts Payable"}
        columns={columns}
        empty={BILLING_TEXTS.empty}
        rowCount={page.rowCount}
        {...list.table}
        minWidth={760}
        paging={list.paging(
          {
            page: page.page,
            pageCount: page.pageCount,
            pageSize: page.pageSize,
            totalCount: page.totalCount,
          },
          { label: `${labels.NUMBER} pages`, noun: what, countTestId: "billing-count" },
        )}
      >
        {children}
      </DataTable>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: "right" }}>
        Total{" "}
        <Box component="strong" sx={{ color: "text.primary" }} data-testid="billing-total">
          {formatCents(totalAmountCents)}
        </Box>
      </Typography>
      <BillingFilterDialog
        open={filterOpen}
        ledger={ledger}
        filters={criteria.filter}
        onClose={() => setFilterOpen(false)}
        onApply={(filter) => {
          setFilterOpen(false);
          change({ filter });
        }}
      />
      <AddEntryDialog
        key={addKey}
        ledger={ledger}
        open={addOpen}
        onClose={closeAdd}
        onCreated={(number) => {
          closeAdd();
          setNotice({ severity: "success", text: `${CREATE_TEXTS[ledger].created}: ${number}` });
          list.reload();
        }}
      />
      <Toast message={notice} onClose={() => setNotice(null)} data-testid="billing-notice" />
    </>
  );
}
