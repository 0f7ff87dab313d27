import FilterListIcon from "@mui/icons-material/FilterList";
import SearchIcon from "@mui/icons-material/Search";
import SortIcon from "@mui/icons-material/Sort";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import type { MouseEvent, ReactNode } from "react";

interface RoutingToolbarProps {
  label: string;
  placeholder: string;
  searchText: string;
  activeFilters: number;
  sorted: boolean;
  onSearchText(text: string): void;
  onSearchNow(): void;
  onOpenFilter(): void;
  onOpenSort(anchor: HTMLElement): void;
  /** The view's own buttons ('Create Route', 'Import NASS CSV', ...). */
  children?: ReactNode;
}

/** Search, Filter and Sort above a routing table, then the view's actions. */
export function RoutingToolbar({
  label,
  placeholder,
  searchText,
  activeFilters,
  sorted,
  onSearchText,
  onSearchNow,
  onOpenFilter,
  onOpenSort,
  children,
}: RoutingToolbarProps) {
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label={label}
        onSubmit={(event) => {
          event.preventDefault();
          onSearchNow();
        }}
        sx={{ flex: "1 1 240px", minWidth: 0, maxWidth: 420 }}
      >
        <TextField
          size="small"
          type="search"
          fullWidth
          placeholder={placeholder}
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
          slotProps={{
            htmlInput: { "aria-label": `Search ${label.toLowerCase()}` },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", ml: { sm: "auto" } }}>
        <Badge badgeContent={activeFilters} color="secondary" overlap="rectangular">
          <Button variant="outlined" startIcon={<FilterListIcon />} onClick={onOpenFilter}>
            Filter
          </Button>
        </Badge>
        <Button
          variant={sorted ? "contained" : "outlined"}
          startIcon={<SortIcon />}
          aria-haspopup="menu"
          onClick={(event: MouseEvent<HTMLElement>) => onOpenSort(event.currentTarget)}
        >
          Sort
        </Button>
        {children}
      </Box>
    </Box>
  );
}
