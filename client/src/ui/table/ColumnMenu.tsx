import CheckBoxIcon from "@mui/icons-material/CheckBox";
import CheckBoxOutlineBlankIcon from "@mui/icons-material/CheckBoxOutlineBlank";
import ViewColumnIcon from "@mui/icons-material/ViewColumn";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { Menu } from "../overlays.ts";
import { useMenuButton } from "../useMenuButton.ts";
import type { Column } from "./columns.ts";

interface ColumnMenuProps<Row, Field extends string> {
  table: string;
  columns: readonly Column<Row, Field>[];
  hidden: readonly string[];
  onToggle(id: string): void;
}

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
      <Menu {...menu} slotProps={{ list: { "aria-label": `${table} columns`, dense: true } }}>
        {columns.map((column) => {
          const shown = !hidden.includes(column.id);
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={shown}
              onClick={() => onToggle(column.id)}
            >
              <ListItemIcon>
                {shown ? (
                  <CheckBoxIcon fontSize="small" color="primary" />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{column.header || column.cardLabel}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
