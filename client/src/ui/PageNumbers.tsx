import Box from "@mui/material/Box";
import PaginationItem from "@mui/material/PaginationItem";
import Typography from "@mui/material/Typography";
import { PAGE_SIZE, pageCountOf, pageItems, rangeLabel } from "../lib/pagination.ts";

interface PageNumbersProps {
  page: number;
  total: number;
  pageSize?: number;
  disabled?: boolean;
  onChange(page: number): void;
}

/** Previous, the first, last, current and neighbouring pages, next; and which rows are shown. */
export function PageNumbers({
  page,
  total,
  pageSize = PAGE_SIZE,
  disabled = false,
  onChange,
}: PageNumbersProps) {
  const count = pageCountOf(total, pageSize);
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
        {rangeLabel(page, total, pageSize)}
      </Typography>
      {count > 1 ? (
        <Box component="nav" aria-label="Pagination">
          <Box
            component="ul"
            sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, listStyle: "none", m: 0, p: 0 }}
          >
            <li>
              <PaginationItem
                type="previous"
                disabled={disabled || page <= 1}
                aria-label="Go to previous page"
                onClick={() => onChange(page - 1)}
              />
            </li>
            {pageItems(page, count).map((item) =>
              item.kind === "gap" ? (
                <li key={`gap-${item.after}`}>
                  <PaginationItem type="start-ellipsis" />
                </li>
              ) : (
                <li key={item.page}>
                  <PaginationItem
                    type="page"
                    page={item.page}
                    selected={item.page === page}
                    disabled={disabled}
                    aria-current={item.page === page ? "page" : undefined}
                    aria-label={item.page === page ? `Page ${item.page}` : `Go to page ${item.page}`}
                    onClick={() => onChange(item.page)}
                  />
                </li>
              ),
            )}
            <li>
              <PaginationItem
                type="next"
                disabled={disabled || page >= count}
                aria-label="Go to next page"
                onClick={() => onChange(page + 1)}
              />
            </li>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
