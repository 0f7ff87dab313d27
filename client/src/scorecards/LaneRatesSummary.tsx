import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import {
  formatPerMile,
  LANE_MESSAGES,
  LANE_RATE_DAYS,
  type LaneRatesView,
} from "../../../common/scorecards.ts";

interface LaneRatesSummaryProps {
  rates: LaneRatesView | null | undefined;
  /** Said when the lane itself is unknown (a state is missing). */
  unknownText?: string;
}

/** "Lane $/mile (90 days)": median, 25th-75th percentile and the count, or why there is none. */
export function LaneRatesSummary({ rates, unknownText = "The lane is not known." }: LaneRatesSummaryProps) {
  let text: string;
  if (!rates) text = unknownText;
  else if (rates.count === 0) text = LANE_MESSAGES.noHistory;
  else
    text = `Median ${formatPerMile(rates.medianPerMile)} (25th-75th: ${formatPerMile(rates.p25PerMile)} to ${formatPerMile(
      rates.p75PerMile,
    )}), ${rates.count} awarded load${rates.count === 1 ? "" : "s"}`;
  return (
    <Box data-testid="lane-rates">
      <Typography variant="caption" color="text.secondary">
        Lane $/mile ({LANE_RATE_DAYS} days)
      </Typography>
      <Typography>{text}</Typography>
    </Box>
  );
}
