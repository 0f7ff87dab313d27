import Chip from "@mui/material/Chip";
import { type PageKey, readPage } from "./usePagedList.ts";

interface ListCountChipProps {
  /** What the list holds ('Carriers'). */
  label: string;
  /** The list's connection (it spreads `...usePagedList_page`). */
  answer: PageKey;
}

/** The chip before a list's search box: 'Carriers · 120'. */
export function ListCountChip({ label, answer }: ListCountChipProps) {
  return (
    <Chip
      label={`${label} · ${readPage(answer).totalCount}`}
      color="primary"
      variant="outlined"
      data-testid="search-label"
    />
  );
}
