import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { pageItems } from "../lib/pagination.ts";

interface PageNumbersProps {
  page: number;
  pageCount: number;
  /** What the pages hold, for the navigation's name ("Loads pages"). */
  label: string;
  disabled?: boolean;
  onPage(page: number): void;
}

/** A numbered pager: previous, first, last, current and neighbouring pages, next. */
export function PageNumbers({ page, pageCount, label, disabled = false, onPage }: PageNumbersProps) {
  if (pageCount <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}
    >
      <IconButton
        size="small"
        aria-label="Previous page"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon fontSize="small" />
      </IconButton>
      {pageItems(page, pageCount).map((item, position, items) => {
        if (item === "gap") {
          return (
            <Typography
              key={`gap-after-${items[position - 1]}`}
              component="span"
              color="text.secondary"
              aria-hidden
              sx={{ px: 0.5 }}
            >
              …
            </Typography>
          );
        }
        return (
          <Button
            key={item}
            size="small"
            variant={item === page ? "contained" : "text"}
            aria-label={`Page ${item}`}
            aria-current={item === page ? "page" : undefined}
            disabled={disabled && item !== page}
            onClick={() => item !== page && onPage(item)}
            sx={{ minWidth: 36, px: 1 }}
          >
            {item}
          </Button>
        );
      })}
      <IconButton
        size="small"
        aria-label="Next page"
        disabled={disabled || page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRightIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
