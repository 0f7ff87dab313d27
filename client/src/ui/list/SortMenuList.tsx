import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import CheckIcon from "@mui/icons-material/Check";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu, { type MenuProps } from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import type { ListSort, SortDirection } from "./list-url.ts";

export interface SortMenuListProps<Field extends string>
  extends Pick<MenuProps, "id" | "anchorEl" | "open" | "onClose"> {
  fields: readonly (readonly [Field, string])[];
  value: ListSort<Field> | null;
  defaultLabel?: string;
  onChoose(sort: ListSort<Field> | null): void;
}

const DIRECTIONS: readonly [SortDirection, string][] = [
  ["ASC", "ascending"],
  ["DESC", "descending"],
];

/** SortMenu's menu, loaded when it first opens (ui/deferred.tsx). */
export default function SortMenuList<Field extends string>({
  fields,
  value,
  defaultLabel,
  onChoose,
  ...menu
}: SortMenuListProps<Field>) {
  return (
    <Menu {...menu} slotProps={{ list: { "aria-label": "Sort by", dense: true } }}>
      {defaultLabel ? (
        <MenuItem
          role="menuitemradio"
          aria-checked={value === null}
          selected={value === null}
          onClick={() => onChoose(null)}
        >
          <ListItemIcon>{value === null ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{defaultLabel}</ListItemText>
        </MenuItem>
      ) : null}
      {fields.flatMap(([field, label]) =>
        DIRECTIONS.map(([direction, word]) => {
          const chosen = value?.field === field && value.direction === direction;
          return (
            <MenuItem
              key={`${field}-${direction}`}
              role="menuitemradio"
              aria-checked={chosen}
              aria-label={`${label}, ${word}`}
              selected={chosen}
              onClick={() => onChoose({ field, direction })}
            >
              <ListItemIcon>{chosen ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{label}</ListItemText>
              {direction === "ASC" ? (
                <ArrowUpwardIcon fontSize="small" aria-hidden sx={{ ml: 2, color: "text.secondary" }} />
              ) : (
                <ArrowDownwardIcon fontSize="small" aria-hidden sx={{ ml: 2, color: "text.secondary" }} />
              )}
            </MenuItem>
          );
        }),
      )}
    </Menu>
  );
}
