import ViewColumnIcon from "@mui/icons-material/ViewColumn";
import Button from "@mui/material/Button";
import { untilOpened } from "../deferred.tsx";
import { useMenuButton } from "../useMenuButton.ts";
import type { Column } from "./columns.ts";

interface ColumnMenuProps<Row, Field extends string> {
  table: string;
  columns: readonly Column<Row, Field>[];
  hidden: readonly string[];
  onToggle(id: string): void;
}

// The menu's items load when it first opens (issue 27: not on the first screen).
const ColumnMenuList = untilOpened(() => import("./ColumnMenuList.tsx"));

/** 'Columns': show or hide the table's hideable columns. */
export function ColumnMenu<Row, Field extends string>({
  table,
  columns,
  hidden,
  onToggle,
}: ColumnMenuProps<Row, Field>) {
  const { button, menu } = useMenuButton();
  return (
    <>
      <Button size="small" startIcon={<ViewColumnIcon />} {...button}>
        Columns
      </Button>
      <ColumnMenuList
        {...menu}
        table={table}
        choices={columns.map((column) => ({
          id: column.id,
          label: column.header || column.cardLabel,
          shown: !hidden.includes(column.id),
        }))}
        onToggle={onToggle}
      />
    </>
  );
}
