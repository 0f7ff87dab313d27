import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import CheckIcon from "@mui/icons-material/Check";
import SortIcon from "@mui/icons-material/Sort";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { type CarrierSortDirection, type CarrierSortField, SORT_FIELD_LABELS } from "./carrier-list-view.ts";

interface CarrierSortButtonProps {
  sortBy: CarrierSortField;
  sortDirection: CarrierSortDirection;
  onChange(sortBy: CarrierSortField, sortDirection: CarrierSortDirection): void;
}

const DIRECTIONS: [CarrierSortDirection, string][] = [
  ["ASC", "Ascending"],
  ["DESC", "Descending"],
];

/** Sort: any column, ascending or descending. */
export function CarrierSortButton({ sortBy, sortDirection, onChange }: CarrierSortButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = SORT_FIELD_LABELS.find(([field]) => field === sortBy)?.[1] ?? "";
  const choose = (field: CarrierSortField, direction: CarrierSortDirection) => {
    setAnchor(null);
    if (field !== sortBy || direction !== sortDirection) onChange(field, direction);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SortIcon />}
        endIcon={sortDirection === "ASC" ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? "carrier-sort-menu" : undefined}
        aria-label={`Sort (${label}, ${sortDirection === "ASC" ? "ascending" : "descending"})`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Sort
      </Button>
      <Menu
        id="carrier-sort-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { "aria-label": "Sort by", dense: true } }}
      >
        <ListSubheader sx={{ lineHeight: "32px" }}>Sort by</ListSubheader>
        {SORT_FIELD_LABELS.map(([field, fieldLabel]) => (
          <MenuItem key={field} selected={field === sortBy} onClick={() => choose(field, sortDirection)}>
            <ListItemIcon>{field === sortBy ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{fieldLabel}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader sx={{ lineHeight: "32px" }}>Order</ListSubheader>
        {DIRECTIONS.map(([direction, directionLabel]) => (
          <MenuItem
            key={direction}
            selected={direction === sortDirection}
            onClick={() => choose(sortBy, direction)}
          >
            <ListItemIcon>{direction === sortDirection ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{directionLabel}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
