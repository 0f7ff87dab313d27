import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Snackbar from "@mui/material/Snackbar";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { BILLING_TEXTS, type Ledger } from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import { rangeLabel } from "../lib/pagination.ts";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import { AddEntryDialog } from "./AddEntryDialog.tsx";
import { BillingFilterDialog } from "./BillingFilterDialog.tsx";
import { BillingSortMenu } from "./BillingSortMenu.tsx";
import { BillingToolbar } from "./BillingToolbar.tsx";
import {
  activeFilterCount,
  type BillingCriteria,
  exportPath,
  SORT_LABELS,
  type SortField,
} from "./billing-criteria.ts";
import { downloadFile } from "./download.ts";
import { CREATE_TEXTS } from "./entry-form.ts";
import type { useLedgerList } from "./useLedgerList.ts";

const COLUMNS: Record<Ledger, [string, SortField | null][]> = {
  receivable: [
    ["Invoice Number", "NUMBER"],
    ["Customer/Payer", "PARTY"],
    ["Due Date", "DATE"],
    ["Amount Due", "AMOUNT"],
    ["Status", "STATUS"],
    ["Actions", null],
  ],
  payable: [
    ["Bill Number", "NUMBER"],
    ["Carrier", "PARTY"],
    ["Payment Date", "DATE"],
    ["Amount", "AMOUNT"],
    ["Status", "STATUS"],
    ["Actions", null],
  ],
};

interface LedgerTableProps {
  ledger: Ledger;
  list: ReturnType<typeof useLedgerList>;
  totalCount: number;
  pageCount: number;
  page: number;
  pageSize: number;
  totalAmountCents: number;
  rows: ReactNode[];
}

/** One ledger: toolbar, the spec's columns, 'No loads found.', totals and the numbered pager. */
export function LedgerTable({
  ledger,
  list,
  totalCount,
  pageCount,
  page,
  pageSize,
  totalAmountCents,
  rows,
}: LedgerTableProps) {
  const { criteria, searchText, setSearchText, show, refresh, isPending } = list;
  const [filterOpen, setFilterOpen] = useState(false);
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [addKey, setAddKey] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const what = ledger === "receivable" ? "invoices" : "bills";

  const handleSortColumn = (field: SortField) => {
    const direction = criteria.sort === field && criteria.direction === "ASC" ? "DESC" : "ASC";
    show({ ...criteria, sort: field, direction, page: 1 });
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadFile(exportPath(criteria), `${ledger}.csv`);
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
      <BillingToolbar
        ledger={ledger}
        searchText={searchText}
        activeFilters={activeFilterCount(criteria)}
        sorted={criteria.sort !== null}
        exporting={exporting}
        onSearchText={setSearchText}
        onSearchNow={() => show({ ...criteria, search: searchText, page: 1 })}
        onOpenFilter={() => setFilterOpen(true)}
        onOpenSort={setSortAnchor}
        onExport={handleExport}
        onOpenAdd={() => setAddOpen(true)}
      />
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        <Box sx={{ height: 4 }}>{isPending ? <LinearProgress aria-label={`Loading ${what}`} /> : null}</Box>
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table
            size="small"
            aria-label={ledger === "receivable" ? "Accounts Receivable" : "Accounts Payable"}
            aria-busy={isPending}
            sx={{ minWidth: 760, opacity: isPending ? 0.6 : 1 }}
          >
            <TableHead>
              <TableRow>
                {COLUMNS[ledger].map(([label, field]) => (
                  <TableCell
                    key={label}
                    align={field === "AMOUNT" ? "right" : "left"}
                    sx={{ fontWeight: 700, whiteSpace: "nowrap" }}
                    sortDirection={
                      field && criteria.sort === field
                        ? criteria.direction === "ASC"
                          ? "asc"
                          : "desc"
                        : false
                    }
                  >
                    {field ? (
                      <TableSortLabel
                        active={criteria.sort === field}
                        direction={criteria.sort === field && criteria.direction === "DESC" ? "desc" : "asc"}
                        onClick={() => handleSortColumn(field)}
                      >
                        {label}
                      </TableSortLabel>
                    ) : (
                      label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS[ledger].length} sx={{ py: 6, textAlign: "center" }}>
                    <Typography color="text.secondary">{BILLING_TEXTS.empty}</Typography>
                  </TableCell>
                </TableRow>
              ) : (
                rows
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            flexWrap: "wrap",
            gap: 1,
            px: 2,
            py: 1,
            borderTop: 1,
            borderColor: "divider",
          }}
        >
          <Typography variant="body2" color="text.secondary" data-testid="billing-count">
            {rangeLabel(page, totalCount, pageSize)} {what} · Total{" "}
            <Box component="strong" sx={{ color: "text.primary" }} data-testid="billing-total">
              {formatCents(totalAmountCents)}
            </Box>
          </Typography>
          <PageNumbers
            label={`${SORT_LABELS[ledger].NUMBER} pages`}
            page={page}
            pageCount={pageCount}
            disabled={isPending}
            onPage={(target) => show({ ...criteria, page: target })}
          />
        </Box>
      </Paper>
      <BillingFilterDialog
        open={filterOpen}
        ledger={ledger}
        filters={criteria}
        onClose={() => setFilterOpen(false)}
        onApply={(filters) => {
          setFilterOpen(false);
          show({ ...criteria, ...filters, page: 1 } satisfies BillingCriteria);
        }}
      />
      <BillingSortMenu
        anchor={sortAnchor}
        ledger={ledger}
        sort={criteria.sort}
        direction={criteria.direction}
        onClose={() => setSortAnchor(null)}
        onSort={(sort, direction) => {
          setSortAnchor(null);
          show({ ...criteria, sort, direction, page: 1 });
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
          refresh();
        }}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert
          severity={notice?.severity ?? "success"}
          variant="filled"
          onClose={() => setNotice(null)}
          data-testid="billing-notice"
        >
          {notice?.text}
        </Alert>
      </Snackbar>
    </>
  );
}
