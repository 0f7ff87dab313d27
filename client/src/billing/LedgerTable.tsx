import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { BILLING_TEXTS, type Ledger } from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import { downloadFile } from "../lib/download.ts";
import { FilterDialogButton } from "../ui/list/FilterDialogButton.tsx";
import { ListAction } from "../ui/list/ListAction.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import type { PageAnswer, usePagedList } from "../ui/list/usePagedList.ts";
import { useToast } from "../ui/Toast.tsx";
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
import { CREATE_TEXTS } from "./entry-form.ts";

interface LedgerTableProps<Row> {
  ledger: Ledger;
  list: ReturnType<typeof usePagedList<BillingFilters, SortField>>;
  /** The page the server answered, with the total of its amounts. */
  answer: PageAnswer & { totalAmountCents: number };
  columns: readonly Column<Row, SortField>[];
  children: ReactNode;
}

/** One ledger: toolbar, the spec's columns, 'No loads found.', totals and the numbered pager. */
export function LedgerTable<Row>({ ledger, list, answer, columns, children }: LedgerTableProps<Row>) {
  const { criteria } = list;
  const [addOpen, setAddOpen] = useState(false);
  const [addKey, setAddKey] = useState(0);
  const [exporting, setExporting] = useState(false);
  const { notify, toast } = useToast({ "data-testid": "billing-notice" });
  const what = ledger === "receivable" ? "invoices" : "bills";
  const labels = SORT_LABELS[ledger];

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadFile(exportPath(ledger, criteria), `${ledger}.csv`);
    } catch {
      notify("The export could not be downloaded. Please try again.", "error");
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
          <FilterDialogButton list={list} countActive={activeFilterCount}>
            {(dialog) => <BillingFilterDialog ledger={ledger} {...dialog} />}
          </FilterDialogButton>
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
        <ListAction icon={<AddIcon />} onClick={() => setAddOpen(true)}>
          Manual update
        </ListAction>
      </ListToolbar>
      <DataTable
        label={ledger === "receivable" ? "Accounts Receivable" : "Accounts Payable"}
        columns={columns}
        empty={BILLING_TEXTS.empty}
        minWidth={760}
        {...list.tableOf(answer, {
          label: `${labels.NUMBER} pages`,
          noun: what,
          countTestId: "billing-count",
        })}
      >
        {children}
      </DataTable>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: "right" }}>
        Total{" "}
        <Box component="strong" sx={{ color: "text.primary" }} data-testid="billing-total">
          {formatCents(answer.totalAmountCents)}
        </Box>
      </Typography>
      <AddEntryDialog
        key={addKey}
        ledger={ledger}
        open={addOpen}
        onClose={closeAdd}
        onCreated={(number) => {
          closeAdd();
          notify(`${CREATE_TEXTS[ledger].created}: ${number}`);
          list.reload();
        }}
      />
      {toast}
    </>
  );
}
