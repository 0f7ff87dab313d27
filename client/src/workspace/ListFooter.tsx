import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { rangeLabel } from "../lib/pagination.ts";
import { PageNumbers } from "../ui/PageNumbers.tsx";

interface ListFooterProps {
  page: number;
  pageCount: number;
  totalCount: number;
  label: string;
  busy: boolean;
  onPage(page: number): void;
}

export function ListFooter({ page, pageCount, totalCount, label, busy, onPage }: ListFooterProps) {
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        flexWrap: "wrap",
        gap: 1,
        mt: 2,
      }}
    >
      <Typography variant="body2" color="text.secondary" data-testid="page-range">
        {rangeLabel(page, totalCount)}
      </Typography>
      <PageNumbers label={label} page={page} pageCount={pageCount} disabled={busy} onPage={onPage} />
    </Box>
  );
}
