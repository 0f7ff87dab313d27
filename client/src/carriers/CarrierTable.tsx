import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import type { CarrierRow_carrier$key } from "./__generated__/CarrierRow_carrier.graphql";
import { CarrierRow } from "./CarrierRow.tsx";
import type { CarrierSortDirection, CarrierSortField } from "./carrier-list-view.ts";
import { CARRIER_TEXTS } from "./carrier-rules.ts";

/** Spec section 2: the columns, in order; each but Action sorts the list. */
const COLUMNS: readonly { label: string; sortBy: CarrierSortField | null }[] = [
  { label: "Carrier Name", sortBy: "CARRIER_NAME" },
  { label: "DOT #", sortBy: "DOT_NUMBER" },
  { label: "MC #", sortBy: "MC_NUMBER" },
  { label: "Type", sortBy: "TYPE" },
  { label: "Contact", sortBy: "CONTACT_PHONE" },
  { label: "Action", sortBy: null },
];

interface CarrierTableProps {
  carriers: ReadonlyArray<{ readonly id: string } & CarrierRow_carrier$key>;
  busy: boolean;
  sortBy: CarrierSortField;
  sortDirection: CarrierSortDirection;
  onSort(sortBy: CarrierSortField, sortDirection: CarrierSortDirection): void;
}

export function CarrierTable({ carriers, busy, sortBy, sortDirection, onSort }: CarrierTableProps) {
  const handleSort = (field: CarrierSortField) =>
    onSort(field, field === sortBy && sortDirection === "ASC" ? "DESC" : "ASC");
  return (
    <Paper variant="outlined" sx={{ position: "relative", overflow: "hidden" }}>
      {busy ? (
        <LinearProgress
          aria-label="Updating the list"
          sx={{ position: "absolute", top: 0, left: 0, right: 0 }}
        />
      ) : null}
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table
          size="small"
          aria-label="Carriers"
          aria-busy={busy}
          sx={{ minWidth: 760, opacity: busy ? 0.6 : 1 }}
        >
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => {
                const active = column.sortBy !== null && column.sortBy === sortBy;
                return (
                  <TableCell
                    key={column.label}
                    sx={{ fontWeight: 700, whiteSpace: "nowrap" }}
                    sortDirection={active ? (sortDirection === "ASC" ? "asc" : "desc") : false}
                  >
                    {column.sortBy ? (
                      <TableSortLabel
                        active={active}
                        direction={active && sortDirection === "DESC" ? "desc" : "asc"}
                        onClick={() => column.sortBy && handleSort(column.sortBy)}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {carriers.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={COLUMNS.length}
                  sx={{ py: 6, textAlign: "center", color: "text.secondary" }}
                >
                  {CARRIER_TEXTS.noCarriers}
                </TableCell>
              </TableRow>
            ) : (
              carriers.map((carrier) => <CarrierRow key={carrier.id} carrier={carrier} />)
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
