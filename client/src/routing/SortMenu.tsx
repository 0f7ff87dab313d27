import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import type { SortDirection } from "./routing-criteria.ts";

interface SortMenuProps<Field extends string> {
  anchor: HTMLElement | null;
  fields: readonly (readonly [Field, string])[];
  sort: Field | null;
  direction: SortDirection;
  onClose(): void;
  onSort(field: Field | null, direction: SortDirection): void;
}

/** Each sortable column ascending and descending, plus the list's own order. */
export function SortMenu<Field extends string>({
  anchor,
  fields,
  sort,
  direction,
  onClose,
  onSort,
}: SortMenuProps<Field>) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem selected={sort === null} onClick={() => onSort(null, "ASC")}>
        <ListItemText inset>Default order</ListItemText>
      </MenuItem>
      {fields.flatMap(([field, label]) =>
        (["ASC", "DESC"] as const).map((way) => (
          <MenuItem
            key={`${field}-${way}`}
            selected={sort === field && direction === way}
            onClick={() => onSort(field, way)}
          >
            <ListItemIcon>
              {way === "ASC" ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemText>{`${label} (${way === "ASC" ? "ascending" : "descending"})`}</ListItemText>
          </MenuItem>
        )),
      )}
    </Menu>
  );
}
