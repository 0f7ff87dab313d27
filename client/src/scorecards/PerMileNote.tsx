import Box from "@mui/material/Box";
import { formatPerMile } from "../../../common/scorecards.ts";

// Apart from PerMileCell (which flags with MUI's Chip): the offer rows on the carrier's first screen show this.
/** A rate's $/mile as a small line under it (offer rows); nothing without one. */
export function PerMileNote({ perMile }: { perMile: number | null | undefined }) {
  if (perMile == null) return null;
  return (
    <Box
      component="span"
      sx={{ display: "block", fontSize: "0.75rem", color: "text.secondary", whiteSpace: "nowrap" }}
    >
      {formatPerMile(perMile)}
    </Box>
  );
}
