import FilterListIcon from "@mui/icons-material/FilterList";
import SearchIcon from "@mui/icons-material/Search";
import SortIcon from "@mui/icons-material/Sort";
import UploadIcon from "@mui/icons-material/Upload";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import type { MouseEvent } from "react";
import { SEARCH_PLACEHOLDER } from "./messages.ts";

interface LoadListToolbarProps {
  searchText: string;
  activeFilters: number;
  sorted: boolean;
  onSearchText(text: string): void;
  onSearchNow(): void;
  onOpenFilter(): void;
  onOpenSort(anchor: HTMLElement): void;
  onOpenUpload(): void;
}

/** Search, Filter, Sort and 'Manual update' above the load table. */
export function LoadListToolbar({
  searchText,
  activeFilters,
  sorted,
  onSearchText,
  onSearchNow,
  onOpenFilter,
  onOpenSort,
  onOpenUpload,
}: LoadListToolbarProps) {
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label="Loads"
        onSubmit={(event) => {
          event.preventDefault();
          onSearchNow();
        }}
        sx={{ flex: "1 1 240px", minWidth: 0, maxWidth: 420 }}
      >
        <TextField
          size="small"
          type="search"
          placeholder={SEARCH_PLACEHOLDER}
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
          slotProps={{
            htmlInput: { "aria-label": "Search loads" },
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
          color="primary"
          startIcon={<SortIcon />}
          aria-haspopup="menu"
          onClick={(event: MouseEvent<HTMLElement>) => onOpenSort(event.currentTarget)}
        >
          Sort
        </Button>
        <Button variant="contained" color="secondary" startIcon={<UploadIcon />} onClick={onOpenUpload}>
          Manual update
        </Button>
      </Box>
    </Box>
  );
}
