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
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { FetchPolicy } from "relay-runtime";
import { rangeLabel } from "../lib/pagination.ts";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import type { LoadTable_query$key } from "./__generated__/LoadTable_query.graphql";
import type { LoadTableRefetchQuery } from "./__generated__/LoadTableRefetchQuery.graphql";
import { LoadFilterDialog } from "./LoadFilterDialog.tsx";
import { LoadListToolbar } from "./LoadListToolbar.tsx";
import { LoadRow } from "./LoadRow.tsx";
import { LoadSortMenu } from "./LoadSortMenu.tsx";
import {
  activeFilterCount,
  filtersOf,
  type LoadListCriteria,
  paramsOf,
  type SortField,
  variablesOf,
} from "./list-criteria.ts";
import { NO_LOADS } from "./messages.ts";
import { UploadDialog, type UploadSummary } from "./UploadDialog.tsx";

const SEARCH_DELAY_MS = 300;

const COLUMNS: [string, SortField | null][] = [
  ["Load ID", "LOAD_ID"],
  ["Route", "ROUTE"],
  ["Customers", "CUSTOMER"],
  ["Carrier", "CARRIER"],
  ["Status", "STATUS"],
  ["Pickup Date", "PICKUP_DATE"],
  ["Delivery Date", "DELIVERY_DATE"],
  ["Actions", null],
];

interface LoadTableProps {
  query: LoadTable_query$key;
  initialCriteria: LoadListCriteria;
}

function uploadedText({ rowCount, createdCount, updatedCount }: UploadSummary): string {
  const rows = rowCount.toLocaleString("en-US");
  return `${rows} ${rowCount === 1 ? "row" : "rows"} uploaded: ${createdCount.toLocaleString("en-US")} new, ${updatedCount.toLocaleString("en-US")} updated.`;
}

/**
 * The load list: one server page of 50 at a time (search, filters and sort run in the database),
 * so it stays fast however many loads there are.
 */
export function LoadTable({ query, initialCriteria }: LoadTableProps) {
  const [data, refetch] = useRefetchableFragment<LoadTableRefetchQuery, LoadTable_query$key>(
    graphql`
      fragment LoadTable_query on Query
      @refetchable(queryName: "LoadTableRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        filter: { type: "LoadFilter" }
        orderBy: { type: "LoadOrder" }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        loads(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
          totalCount
          pageCount
          page
          pageSize
          edges {
            node {
              id
              ...LoadRow_load
            }
          }
        }
      }
    `,
    query,
  );
  const [, setSearchParams] = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const [criteria, setCriteria] = useState(initialCriteria);
  const [searchText, setSearchText] = useState(initialCriteria.search);
  const [filterOpen, setFilterOpen] = useState(false);
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const filters = useMemo(() => filtersOf(criteria), [criteria]);
  const criteriaRef = useRef(criteria);
  criteriaRef.current = criteria;

  const show = useCallback(
    (next: LoadListCriteria, fetchPolicy: FetchPolicy = "store-or-network") => {
      setCriteria(next);
      setSearchParams(paramsOf(next), { replace: true });
      startTransition(() => {
        refetch(variablesOf(next), { fetchPolicy });
      });
    },
    [refetch, setSearchParams],
  );

  // The search runs once typing pauses.
  useEffect(() => {
    if (searchText.trim() === criteriaRef.current.search.trim()) return;
    const timer = window.setTimeout(
      () => show({ ...criteriaRef.current, search: searchText, page: 1 }),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [searchText, show]);

  // Spec: back to page 1 when the page no longer exists (fewer loads than before).
  const { totalCount, pageCount, page: shownPage, pageSize, edges } = data.loads;
  useEffect(() => {
    if (criteriaRef.current.page > 1 && criteriaRef.current.page > pageCount) {
      show({ ...criteriaRef.current, page: 1 }, "network-only");
    }
  }, [pageCount, show]);

  const handleSortColumn = (field: SortField) => {
    const direction = criteria.sort === field && criteria.direction === "ASC" ? "DESC" : "ASC";
    show({ ...criteria, sort: field, direction, page: 1 });
  };

  const refresh = () => show(criteriaRef.current, "network-only");

  return (
    <>
      <LoadListToolbar
        searchText={searchText}
        activeFilters={activeFilterCount(filters)}
        sorted={criteria.sort !== null}
        onSearchText={setSearchText}
        onSearchNow={() => show({ ...criteria, search: searchText, page: 1 })}
        onOpenFilter={() => setFilterOpen(true)}
        onOpenSort={setSortAnchor}
        onOpenUpload={() => setUploadOpen(true)}
      />
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        <Box sx={{ height: 4 }}>{isPending ? <LinearProgress aria-label="Loading loads" /> : null}</Box>
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table
            size="small"
            aria-label="Loads"
            aria-busy={isPending}
            sx={{ minWidth: 960, opacity: isPending ? 0.6 : 1 }}
          >
            <TableHead>
              <TableRow>
                {COLUMNS.map(([label, field]) => (
                  <TableCell
                    key={label}
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
              {edges.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ py: 6, textAlign: "center" }}>
                    <Typography color="text.secondary">{NO_LOADS}</Typography>
                  </TableCell>
                </TableRow>
              ) : (
                edges.map((edge) => <LoadRow key={edge.node.id} load={edge.node} />)
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
          <Typography variant="body2" color="text.secondary" data-testid="load-count">
            {rangeLabel(shownPage, totalCount, pageSize)} loads
          </Typography>
          <PageNumbers
            label="Load pages"
            page={shownPage}
            pageCount={pageCount}
            disabled={isPending}
            onPage={(page) => show({ ...criteria, page })}
          />
        </Box>
      </Paper>
      <LoadFilterDialog
        open={filterOpen}
        filters={filters}
        onClose={() => setFilterOpen(false)}
        onApply={(filters) => {
          setFilterOpen(false);
          show({ ...criteria, ...filters, page: 1 });
        }}
      />
      <LoadSortMenu
        anchor={sortAnchor}
        sort={criteria.sort}
        direction={criteria.direction}
        onClose={() => setSortAnchor(null)}
        onSort={(sort, direction) => {
          setSortAnchor(null);
          show({ ...criteria, sort, direction, page: 1 });
        }}
      />
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(summary) => {
          setUploadOpen(false);
          setNotice(uploadedText(summary));
          refresh();
        }}
        onPartlyUploaded={refresh}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}
