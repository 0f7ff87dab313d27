import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import CheckIcon from "@mui/icons-material/Check";
import SortIcon from "@mui/icons-material/Sort";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { Menu } from "../overlays.ts";
import { useMenuButton } from "../useMenuButton.ts";
import { type ListSort, type SortDirection, sameSort } from "./list-url.ts";

export interface SortChoices<Field extends string> {
  /** Each sortable field with its label (the column's name). */
  fields: readonly (readonly [Field, string])[];
  value: ListSort<Field> | null;
  onChange(sort: ListSort<Field> | null): void;
  /** The server's own order as a choice of its own ("Newest upload first"); only for lists without a default sort. */
  defaultLabel?: string;
}

const DIRECTIONS: readonly [SortDirection, string][] = [
  ["ASC", "ascending"],
  ["DESC", "descending"],
];

/**
 * The Sort button and its menu: every field in both directions, so one pick sets field and
 * direction together ("Pickup Date, descending").
 */
export function SortMenu<Field extends string>({
  fields,
  value,
  onChange,
  defaultLabel,
}: SortChoices<Field>) {
  const { button, menu, close } = useMenuButton();
  const current = value ? fields.find(([field]) => field === value.field)?.[1] : defaultLabel;
  const choose = (sort: ListSort<Field> | null) => {
    close();
    if (!sameSort(sort, value)) onChange(sort);
  };
  return (
    <>
      <Button
        variant={value && defaultLabel ? "contained" : "outlined"}
        startIcon={<SortIcon />}
        endIcon={value ? value.direction === "ASC" ? <ArrowUpwardIcon /> : <ArrowDownwardIcon /> : null}
        {...button}
        aria-description={
          current
            ? `${current}${value ? `, ${value.direction === "ASC" ? "ascending" : "descending"}` : ""}`
            : undefined
        }
      >
        Sort
      </Button>
      <Menu {...menu} slotProps={{ list: { "aria-label": "Sort by", dense: true } }}>
        {defaultLabel ? (
          <MenuItem
            role="menuitemradio"
            aria-checked={value === null}
            selected={value === null}
            onClick={() => choose(null)}
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
                onClick={() => choose({ field, direction })}
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
    </>
  );
}
