import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { rangeLabel } from "../lib/pagination.ts";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import type { SortDirection } from "./routing-criteria.ts";

interface ListFrameProps<Field extends string> {
  label: string;
  /** Column titles with the sort field each one sorts by (null: not sortable). */
  columns: readonly (readonly [string, Field | null])[];
  sort: Field | null;
  direction: SortDirection;
  empty: string;
  rowCount: number;
  page: number;
  pageCount: number;
  pageSize: number;
  totalCount: number;
  isPending: boolean;
  minWidth: number;
  onSortColumn(field: Field): void;
  onPage(page: number): void;
  children: ReactNode;
}

/** A routing table: sortable headers, the empty text, the count and the numbered pager. */
export function ListFrame<Field extends string>(props: ListFrameProps<Field>) {
  const { label, columns, sort, direction, empty, rowCount, isPending } = props;
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Box sx={{ height: 4 }}>
        {isPending ? <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} /> : null}
      </Box>
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table
          size="small"
          aria-label={label}
          aria-busy={isPending}
          sx={{ minWidth: props.minWidth, opacity: isPending ? 0.6 : 1 }}
        >
          <TableHead>
            <TableRow>
              {columns.map(([title, field]) => (
                <TableCell
                  key={title}
                  sx={{ fontWeight: 700, whiteSpace: "nowrap" }}
                  sortDirection={field && sort === field ? (direction === "ASC" ? "asc" : "desc") : false}
                >
                  {field ? (
                    <TableSortLabel
                      active={sort === field}
                      direction={sort === field && direction === "DESC" ? "desc" : "asc"}
                      onClick={() => props.onSortColumn(field)}
                    >
                      {title}
                    </TableSortLabel>
                  ) : (
                    title
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rowCount === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: "center" }}>
                  <Typography color="text.secondary">{empty}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              props.children
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
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid={`${label.toLowerCase().replace(/\s+/g, "-")}-count`}
        >
          {rangeLabel(props.page, props.totalCount, props.pageSize)} {label.toLowerCase()}
        </Typography>
        <PageNumbers
          label={`${label} pages`}
          page={props.page}
          pageCount={props.pageCount}
          disabled={isPending}
          onPage={props.onPage}
        />
      </Box>
    </Paper>
  );
}
