import { createContext, type ReactNode } from "react";
import type { Density } from "./table-prefs.ts";

/** One column of a `DataTable`: its header, how a row shows in it, and how it may sort or hide. */
export interface Column<Row, Field extends string = string> {
  /** Stable id (remembered hidden columns use it). */
  id: string;
  /** The spec's column name; may be empty for an unnamed actions column. */
  header: string;
  /** The card's label on a phone when `header` is empty. */
  cardLabel?: string;
  cell(row: Row): ReactNode;
  /** The server's sort field for this column: its header sorts the list. */
  sortField?: Field;
  /** The row's key column (Load ID, Carrier Name): pinned at the left, the card's title on a phone. */
  key?: boolean;
  /** The user may hide it (column controls). */
  hideable?: boolean;
  /** Hideable and hidden until the user shows it: a low-value column of a wide table. */
  hiddenByDefault?: boolean;
  /** Keep the cell on one line. */
  nowrap?: boolean;
  align?: "left" | "right";
}

/** A row's selection checkbox (bulk actions), drawn before the key column's content. */
export interface RowSelection {
  checked: boolean;
  onToggle(): void;
  /** Its accessible name ("Select load L-1"). */
  label: string;
}

/** The header's "select every row of this page" checkbox. */
export interface PageSelection {
  checked: boolean;
  indeterminate: boolean;
  onToggle(): void;
  label: string;
}

/** What every row of a table needs to know about how it is shown. */
export interface TableLayout {
  cards: boolean;
  density: Density;
  hidden: readonly string[];
}

export const TableLayoutContext = createContext<TableLayout>({
  cards: false,
  density: "comfortable",
  hidden: [],
});

export function visibleColumns<Row, Field extends string>(
  columns: readonly Column<Row, Field>[],
  hidden: readonly string[],
): readonly Column<Row, Field>[] {
  return columns.filter(
    (column) => !((column.hideable || column.hiddenByDefault) && hidden.includes(column.id)),
  );
}
