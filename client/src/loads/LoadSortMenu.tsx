import CheckIcon from "@mui/icons-material/Check";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { SORT_FIELDS, type SortDirection, type SortField } from "./list-criteria.ts";

interface LoadSortMenuProps {
  anchor: HTMLElement | null;
  sort: SortField | null;
  direction: SortDirection;
  onClose(): void;
  onSort(sort: SortField | null, direction: SortDirection): void;
}

function Choice({ chosen, label, onClick }: { chosen: boolean; label: string; onClick(): void }) {
  return (
    <MenuItem selected={chosen} onClick={onClick} role="menuitemradio" aria-checked={chosen}>
      <ListItemIcon>{chosen ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

/** The Sort button's menu: any column, ascending or descending, or the default (newest upload first). */
export function LoadSortMenu({ anchor, sort, direction, onClose, onSort }: LoadSortMenuProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { "aria-label": "Sort loads by" } }}
    >
      <Choice chosen={sort === null} label="Newest upload first" onClick={() => onSort(null, "ASC")} />
      {SORT_FIELDS.filter(([field]) => field !== "CREATED_AT").map(([field, label]) => (
        <Choice key={field} chosen={sort === field} label={label} onClick={() => onSort(field, direction)} />
      ))}
      <Divider />
      <Choice
        chosen={sort !== null && direction === "ASC"}
        label="Ascending"
        onClick={() => onSort(sort ?? "LOAD_ID", "ASC")}
      />
      <Choice
        chosen={sort !== null && direction === "DESC"}
        label="Descending"
        onClick={() => onSort(sort ?? "LOAD_ID", "DESC")}
      />
    </Menu>
  );
}
