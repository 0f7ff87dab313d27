import Chip from "@mui/material/Chip";

interface ListCountChipProps {
  /** What the list holds ('Carriers'). */
  label: string;
  count: number;
}

/** The chip before a list's search box: 'Carriers · 120'. */
export function ListCountChip({ label, count }: ListCountChipProps) {
  return <Chip label={`${label} · ${count}`} color="primary" variant="outlined" data-testid="search-label" />;
}
