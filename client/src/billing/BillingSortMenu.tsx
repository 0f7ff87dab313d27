import CheckIcon from "@mui/icons-material/Check";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import type { Ledger } from "../../../common/billing.ts";
import { SORT_FIELDS, SORT_LABELS, type SortDirection, type SortField } from "./billing-criteria.ts";

interface BillingSortMenuProps {
  anchor: HTMLElement | null;
  ledger: Ledger;
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

/** The Sort button's menu: any column, ascending or descending, or the default (newest number first). */
export function BillingSortMenu({ anchor, ledger, sort, direction, onClose, onSort }: BillingSortMenuProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { "aria-label": "Sort by" } }}
    >
      <Choice chosen={sort === null} label="Newest first" onClick={() => onSort(null, "ASC")} />
      {SORT_FIELDS.filter((field) => field !== "CREATED_AT").map((field) => (
        <Choice
          key={field}
          chosen={sort === field}
          label={SORT_LABELS[ledger][field]}
          onClick={() => onSort(field, direction)}
        />
      ))}
      <Divider />
      <Choice
        chosen={sort !== null && direction === "ASC"}
        label="Ascending"
        onClick={() => onSort(sort ?? "NUMBER", "ASC")}
      />
      <Choice
        chosen={sort !== null && direction === "DESC"}
        label="Descending"
        onClick={() => onSort(sort ?? "NUMBER", "DESC")}
      />
    </Menu>
  );
}
