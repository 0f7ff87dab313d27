import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import type { LinearProgressProps } from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Children, type ReactNode, startTransition, useEffect, useMemo, useState } from "react";
import { rangeLabel } from "../../lib/pagination.ts";
import { deferredUntil } from "../deferred.tsx";
import type { ListSort } from "../list/list-url.ts";
import { PageNumbers } from "../PageNumbers.tsx";
import { ColumnMenu } from "./ColumnMenu.tsx";
import { type Column, type PageSelection, TableLayoutContext, visibleColumns } from "./columns.ts";
import { DensityToggle } from "./DensityToggle.tsx";
import { cellChipSx, dataRowsSx, PINNED_CELL_SX, SELECT_SX } from "./row-styles.ts";
import { useTablePrefs } from "./table-prefs.ts";

export interface TablePaging {
  page: number;
  pageCount: number;
  pageSize: number;
  totalCount: number;
  onPage(page: number): void;
  /** The pager's name ("Load pages"). */
  label: string;
  /** What the count counts ("loads" in "1–50 of 120 loads"); empty for a bare range. */
  noun?: string;
  /** The count's test id ("load-count"). */
  countTestId?: string;
}

interface DataTableProps<Row, Field extends string> {
  /** The table's accessible name ("Loads"); also the key of its remembered column choices. */
  label: string;
  columns: readonly Column<Row, Field>[];
  /** The spec's empty text ('No loads found.'). */
  empty: string;
  rowCount: number;
  loading?: boolean;
  sort?: ListSort<Field> | null;
  /** Clicking a sortable header: ascending first, then the other way. */
  onSort?(sort: ListSort<Field>): void;
  paging?: TablePaging;
  /** Below this the table scrolls inside its frame (wider than 600 px only: phones get cards). */
  minWidth?: number;
  /** Offer show/hide for the `hideable` columns (remembered per user). */
  columnControls?: boolean;
  /** A "select this page" checkbox in the key column's header (rows pass their own `selection`). */
  selection?: PageSelection;
  /** Shown above the table (the bulk actions of the selected rows). */
  toolbar?: ReactNode;
  /** The rows: one `DataRow` each. */
  children: ReactNode;
}

/** How many rows fill the window below the header, toolbar and table head (36 px a row). */
// The bar under the toolbar while a page loads: a later page's or filter's wait, never the first
// screen's (its rows come with the page), so its code loads when it first shows.
const LoadingBar = deferredUntil<LinearProgressProps>(
  () => import("@mui/material/LinearProgress"),
  () => true,
);

const firstRowCount = () => Math.max(8, Math.ceil((window.innerHeight - 200) / 36));

/**
 * The rows to draw: on the table's first showing only those the window can show, the rest in a
 * transition right after (a page of 50 rows is most of the first screen's rendering time); from
 * then on every row.
 */
function useRowsInView(children: ReactNode): ReactNode[] {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const rows = Children.toArray(children);
  return all ? rows : rows.slice(0, firstRowCount());
}

const HEADER_FOCUS_SX = {
  "&.Mui-focusVisible": {
    outline: "2px solid",
    outlineColor: "primary.main",
    outlineOffset: "2px",
    borderRadius: 0.5,
  },
} as const;

function PageCheckbox({ selection, withText = false }: { selection: PageSelection; withText?: boolean }) {
  const box = (
    <Checkbox
      size="small"
      checked={selection.checked}
      indeterminate={selection.indeterminate}
      onChange={selection.onToggle}
      slotProps={{ input: { "aria-label": selection.label } }}
      sx={{ p: 0.5, ml: -0.5, mr: 0.5 }}
    />
  );
  if (!withText) return box;
  return (
    <Box component="label" sx={{ display: "inline-flex", alignItems: "center", typography: "body2" }}>
      {box}
      {selection.label}
    </Box>
  );
}

/**
 * The one paged table: sortable headers (server-side sort), pinned key column, the spec's empty
 * text, a loading bar, the count and numbered pager, row density and column controls. Under
 * 600 px wide each row becomes a card listing every column's label and value.
 */
export function DataTable<Row, Field extends string>(props: DataTableProps<Row, Field>) {
  const { label, columns, empty, rowCount, loading = false, sort, onSort, paging } = props;
  const children = useRowsInView(props.children);
  const cards = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const hideableColumns = columns.filter((column) => column.hideable || column.hiddenByDefault);
  const hideable = hideableColumns.map((column) => column.id);
  const prefs = useTablePrefs(
    label,
    hideable,
    columns.filter((column) => column.hiddenByDefault).map((column) => column.id),
  );
  const shown = visibleColumns(columns, prefs.hidden);
  const compact = prefs.density === "compact";
  const rowsSx = useMemo(() => dataRowsSx(compact), [compact]);

  const handleSort = (field: Field) =>
    onSort?.({ field, direction: sort?.field === field && sort.direction === "ASC" ? "DESC" : "ASC" });

  const emptyText = (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: "center" }}>
      {empty}
    </Typography>
  );

  return (
    <TableLayoutContext.Provider value={{ cards, density: prefs.density, hidden: prefs.hidden }}>
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        {props.toolbar}
        <Box sx={{ height: 4 }}>
          {loading ? <LoadingBar aria-label={`Loading ${label.toLowerCase()}`} /> : null}
        </Box>
        {cards && props.selection && rowCount > 0 ? (
          <Box sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: "divider" }}>
            <PageCheckbox selection={props.selection} withText />
          </Box>
        ) : null}
        {cards ? (
          <Box aria-busy={loading} sx={{ opacity: loading ? 0.6 : 1 }}>
            {rowCount === 0 ? (
              emptyText
            ) : (
              <Box component="ul" aria-label={label} sx={[{ m: 0, p: 0, ...SELECT_SX }, cellChipSx]}>
                {children}
              </Box>
            )}
          </Box>
        ) : (
          <TableContainer sx={{ overflowX: "auto" }}>
            <Table
              size="small"
              aria-label={label}
              aria-busy={loading}
              sx={[
                {
                  minWidth: props.minWidth,
                  opacity: loading ? 0.6 : 1,
                  // 12 px between columns instead of 16: ten columns fit a 1366 px laptop's content box.
                  "& .MuiTableCell-root": { px: 1.5 },
                },
                rowsSx,
              ]}
            >
              <TableHead>
                <TableRow>
                  {shown.map((column) => {
                    const active = column.sortField !== undefined && sort?.field === column.sortField;
                    const direction = active && sort?.direction === "DESC" ? "desc" : "asc";
                    return (
                      <TableCell
                        key={column.id}
                        align={column.align}
                        sortDirection={active ? direction : false}
                        sx={{
                          fontWeight: 700,
                          // Two-word headers ('Destination State') may take two lines: at 1366 px
                          // the header, not the data, is what pushed the last columns off screen.
                          whiteSpace: "normal",
                          overflowWrap: "normal",
                          lineHeight: 1.3,
                          ...(column.key ? { ...PINNED_CELL_SX, zIndex: 2 } : null),
                          ...(compact ? { py: 0.5 } : null),
                        }}
                      >
                        {column.key && props.selection ? <PageCheckbox selection={props.selection} /> : null}
                        {column.sortField !== undefined && onSort ? (
                          <TableSortLabel
                            active={active}
                            direction={direction}
                            onClick={() => column.sortField !== undefined && handleSort(column.sortField)}
                            sx={HEADER_FOCUS_SX}
                          >
                            {column.header}
                          </TableSortLabel>
                        ) : (
                          column.header
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              </TableHead>
              <TableBody>
                {rowCount === 0 ? (
                  <TableRow>
                    <TableCell colSpan={shown.length} sx={{ p: 0 }}>
                      {emptyText}
                    </TableCell>
                  </TableRow>
                ) : (
                  children
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            flexWrap: "wrap",
            gap: 1,
            px: 2,
            py: 1,
            borderTop: 1,
            borderColor: "divider",
          }}
        >
          {paging ? (
            <Typography variant="body2" color="text.secondary" data-testid={paging.countTestId}>
              {rangeLabel(paging.page, paging.totalCount, paging.pageSize)}
              {paging.noun ? ` ${paging.noun}` : ""}
            </Typography>
          ) : null}
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, ml: "auto", flexWrap: "wrap" }}>
            <DensityToggle density={prefs.density} onChange={prefs.setDensity} />
            {props.columnControls && hideable.length ? (
              <ColumnMenu
                table={label}
                columns={hideableColumns}
                hidden={prefs.hidden}
                onToggle={prefs.toggleColumn}
              />
            ) : null}
            {paging ? (
              <PageNumbers
                label={paging.label}
                page={paging.page}
                pageCount={paging.pageCount}
                disabled={loading}
                onPage={paging.onPage}
              />
            ) : null}
          </Box>
        </Box>
      </Paper>
    </TableLayoutContext.Provider>
  );
}
