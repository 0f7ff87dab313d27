import FilterListIcon from "@mui/icons-material/FilterList";
import Badge from "@mui/material/Badge";
import Button from "@mui/material/Button";

interface FilterButtonProps {
  /** How many filters are on (the badge). */
  active: number;
  onClick(): void;
}

/** The lists' Filter button: opens the screen's filter dialog. */
export function FilterButton({ active, onClick }: FilterButtonProps) {
  return (
    <Badge badgeContent={active} color="secondary" overlap="rectangular">
      <Button variant="outlined" startIcon={<FilterListIcon />} onClick={onClick}>
        Filter
      </Button>
    </Badge>
  );
}
