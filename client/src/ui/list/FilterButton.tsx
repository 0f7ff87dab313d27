import FilterListIcon from "@mui/icons-material/FilterList";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";

interface FilterButtonProps {
  /** How many filters are on (the badge). */
  active: number;
  onClick(): void;
}

/**
 * MUI's Badge (standard, rectangular overlap, secondary colour) as markup and one style: the
 * component (1.2 KB Brotli) would be on the load list's first screen for a count that is usually 0.
 */
const BADGE_SX = {
  position: "relative",
  display: "inline-flex",
  verticalAlign: "middle",
  flexShrink: 0,
  "& .MuiBadge-badge": {
    position: "absolute",
    top: 0,
    right: 0,
    transform: "scale(1) translate(50%, -50%)",
    transformOrigin: "100% 0%",
    zIndex: 1,
    display: "flex",
    flexFlow: "row wrap",
    placeContent: "center",
    alignItems: "center",
    boxSizing: "border-box",
    minWidth: 20,
    height: 20,
    padding: "0 6px",
    borderRadius: "10px",
    fontSize: "0.75rem",
    fontWeight: "fontWeightMedium",
    lineHeight: 1,
    bgcolor: "secondary.main",
    color: "secondary.contrastText",
  },
} as const;

/** The lists' Filter button: opens the screen's filter dialog. */
export function FilterButton({ active, onClick }: FilterButtonProps) {
  return (
    <Box component="span" className="MuiBadge-root" sx={BADGE_SX}>
      <Button variant="outlined" startIcon={<FilterListIcon />} onClick={onClick}>
        Filter
      </Button>
      {active > 0 ? (
        <span className="MuiBadge-badge MuiBadge-standard MuiBadge-colorSecondary">
          {active > 99 ? "99+" : active}
        </span>
      ) : null}
    </Box>
  );
}
