import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import FilterListIcon from "@mui/icons-material/FilterList";
import SearchIcon from "@mui/icons-material/Search";
import SortIcon from "@mui/icons-material/Sort";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import type { MouseEvent } from "react";
import type { Ledger } from "../../../common/billing.ts";

interface BillingToolbarProps {
  ledger: Ledger;
  searchText: string;
  activeFilters: number;
  sorted: boolean;
  exporting: boolean;
  onSearchText(text: string): void;
  onSearchNow(): void;
  onOpenFilter(): void;
  onOpenSort(anchor: HTMLElement): void;
  onExport(): void;
  onOpenAdd(): void;
}

/** Search, Filter, Sort, Export CSV and 'Manual update' above a ledger. */
export function BillingToolbar({
  ledger,
  searchText,
  activeFilters,
  sorted,
  exporting,
  onSearchText,
  onSearchNow,
  onOpenFilter,
  onOpenSort,
  onExport,
  onOpenAdd,
}: BillingToolbarProps) {
  const what = ledger === "receivable" ? "invoices" : "bills";
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label={what}
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
          placeholder={ledger === "receivable" ? "Search number or customer…" : "Search number or carrier…"}
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
          slotProps={{
            htmlInput: { "aria-label": `Search ${what}` },
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
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} disabled={exporting}>
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
        <Button variant="contained" color="secondary" startIcon={<AddIcon />} onClick={onOpenAdd}>
          Manual update
        </Button>
      </Box>
    </Box>
  );
}
