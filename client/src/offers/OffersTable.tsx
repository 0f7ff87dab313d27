import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";

interface OffersTableProps {
  label: string;
  columns: readonly string[];
  empty: string;
  minWidth?: number;
  busy?: boolean;
  children: ReactNode[];
}

/** The bidding screens' tables: the spec's column headers, rows, or the empty text. */
export function OffersTable({
  label,
  columns,
  empty,
  minWidth = 900,
  busy = false,
  children,
}: OffersTableProps) {
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={label} aria-busy={busy} sx={{ minWidth, opacity: busy ? 0.6 : 1 }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {children.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={columns.length}
                  sx={{ py: 6, textAlign: "center", color: "text.secondary" }}
                >
                  {empty}
                </TableCell>
              </TableRow>
            ) : (
              children
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
