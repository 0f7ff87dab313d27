import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Typography from "@mui/material/Typography";
import { type KeyboardEvent, type ReactNode, useContext } from "react";
import { useNavigate } from "react-router-dom";
import { type Column, type RowSelection, TableLayoutContext, visibleColumns } from "./columns.ts";
import { cellClass, ROW_CLASS } from "./row-styles.ts";

interface DataRowProps<Row> {
  columns: readonly Column<Row>[];
  row: Row;
  /** Where Enter on the focused row goes (the row's detail screen). */
  href?: string;
  /** Cells the row draws itself (controls with the row's own state), by column id. */
  cells?: Partial<Record<string, ReactNode>>;
  /** A selection checkbox before the key column's content (bulk actions). */
  selection?: RowSelection;
  "data-testid"?: string;
}

/** The key column's content with the row's selection checkbox before it (styled by `SELECT_SX`). */
function withCheckbox(content: ReactNode, selection: RowSelection): ReactNode {
  return (
    <span className="DataRow-select">
      <Checkbox
        size="small"
        checked={selection.checked}
        onChange={selection.onToggle}
        slotProps={{ input: { "aria-label": selection.label } }}
      />
      {content}
    </span>
  );
}

const ROW_FOCUS_SX = {
  "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: "-2px" },
} as const;

/** Moves focus to the next or previous row (↑/↓) of the same table or card list. */
function moveFocus(from: HTMLElement, step: 1 | -1) {
  const rows = [...(from.parentElement?.querySelectorAll<HTMLElement>(":scope > [data-row]") ?? [])];
  rows[rows.indexOf(from) + step]?.focus();
}

/** One row of a `DataTable`: a table row on wide screens, a card with every column's label under 600 px. */
export function DataRow<Row>({
  columns,
  row,
  href,
  cells,
  selection,
  "data-testid": testId,
}: DataRowProps<Row>) {
  const contentOf = (column: Column<Row>) =>
    cells && column.id in cells ? cells[column.id] : column.cell(row);
  const cellOf = (column: Column<Row>) =>
    selection && column.key ? withCheckbox(contentOf(column), selection) : contentOf(column);
  const { cards, density, hidden } = useContext(TableLayoutContext);
  const navigate = useNavigate();
  const shown = visibleColumns(columns, hidden);
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" && href) {
      event.preventDefault();
      navigate(href);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      moveFocus(event.currentTarget, event.key === "ArrowDown" ? 1 : -1);
    }
  };
  const focusProps = {
    tabIndex: href ? 0 : -1,
    "data-row": "",
    onKeyDown: handleKeyDown,
    "data-testid": testId,
  };

  if (cards) {
    const title = shown.find((column) => column.key);
    return (
      <Box
        component="li"
        {...focusProps}
        sx={{
          listStyle: "none",
          px: 2,
          py: density === "compact" ? 1 : 1.5,
          borderBottom: 1,
          borderColor: "divider",
          ...ROW_FOCUS_SX,
        }}
      >
        <Box
          component="dl"
          sx={{
            display: "grid",
            gridTemplateColumns: "minmax(88px, max-content) minmax(0, 1fr)",
            columnGap: 1.5,
            rowGap: density === "compact" ? 0.25 : 0.75,
            m: 0,
          }}
        >
          {shown.map((column) => (
            <Box key={column.id} sx={{ display: "contents" }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: "2px" }}>
                {column.header || column.cardLabel}
              </Typography>
              <Box
                component="dd"
                sx={{
                  m: 0,
                  minWidth: 0,
                  overflowWrap: "anywhere",
                  fontWeight: column === title ? 600 : undefined,
                }}
              >
                {cellOf(column)}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }

  // Plain elements: DataTable styles every row and cell once (row-styles.ts), which keeps a page
  // of rows from costing an emotion style per cell.
  return (
    <tr className={ROW_CLASS} {...focusProps}>
      {shown.map((column) => (
        <td key={column.id} className={cellClass(column)}>
          {cellOf(column)}
        </td>
      ))}
    </tr>
  );
}
