import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { formatPerMile, LANE_MESSAGES, type LaneRatesView, laneFlagOf } from "../../../common/scorecards.ts";

interface PerMileCellProps {
  perMile: number | null | undefined;
  lane?: LaneRatesView | null;
}

/** A rate in $/mile, flagged when far outside the lane's range (common/scorecards.ts laneFlagOf). */
export function PerMileCell({ perMile, lane }: PerMileCellProps) {
  const flag = laneFlagOf(perMile ?? null, lane);
  return (
    <Box
      component="span"
      sx={{ display: "inline-flex", gap: 0.5, alignItems: "center", whiteSpace: "nowrap" }}
    >
      {formatPerMile(perMile)}
      {flag ? (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          data-flag={flag}
          label={flag === "high" ? LANE_MESSAGES.flagHigh : LANE_MESSAGES.flagLow}
        />
      ) : null}
    </Box>
  );
}
