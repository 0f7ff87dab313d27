import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { formatHours, TIER_RULE_TEXT } from "../../../common/scorecards.ts";
import type { ScorecardPanel_scorecard$key } from "./__generated__/ScorecardPanel_scorecard.graphql";
import { TierChip } from "./TierChip.tsx";

interface ScorecardPanelProps {
  scorecard: ScorecardPanel_scorecard$key;
  title?: string;
}

const pct = (value: number | null | undefined) => (value == null ? "-" : `${value.toFixed(1)}%`);

/** A carrier's scorecard: tier and the measures behind it (carrier detail, the carrier's own profile). */
export function ScorecardPanel({ scorecard: key, title = "Scorecard" }: ScorecardPanelProps) {
  const card = useFragment(
    graphql`
      fragment ScorecardPanel_scorecard on CarrierScorecard {
        tier
        loads
        onTimePickupPct
        onTimeDeliveryPct
        tenderAcceptancePct
        tenderFallOffs
        bidsWon
        bidsLost
        podTurnaroundHours
      }
    `,
    key,
  );
  const figures: [string, string][] = [
    ["Loads hauled", String(card.loads)],
    ["On-time pickup", pct(card.onTimePickupPct)],
    ["On-time delivery", pct(card.onTimeDeliveryPct)],
    ["Tender acceptance", pct(card.tenderAcceptancePct)],
    ["Fall-offs", String(card.tenderFallOffs)],
    ["Bids won/lost", `${card.bidsWon}/${card.bidsLost}`],
    ["POD turnaround", formatHours(card.podTurnaroundHours)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="scorecard-title">
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography id="scorecard-title" variant="h6" component="h2">
          {title}
        </Typography>
        <TierChip tier={card.tier} />
      </Box>
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {figures.map(([label, value]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {TIER_RULE_TEXT}
      </Typography>
    </Paper>
  );
}
