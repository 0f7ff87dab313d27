import Chip from "@mui/material/Chip";
import { type CarrierTier, TIER_LABELS, TIER_RULE_TEXT } from "../../../common/scorecards.ts";

/** Colours with enough contrast for small text on both the chip and the page. */
const TIER_COLORS: Record<CarrierTier, { color: string; borderColor: string; bgcolor: string }> = {
  Gold: { color: "#5c4400", borderColor: "#b8860b", bgcolor: "#fff4cc" },
  Silver: { color: "#37474f", borderColor: "#90a4ae", bgcolor: "#eceff1" },
  Bronze: { color: "#6d3b12", borderColor: "#b87333", bgcolor: "#fbe9dc" },
  New: { color: "#1d4f91", borderColor: "#90caf9", bgcolor: "#e3f2fd" },
};

interface TierChipProps {
  tier: string | null | undefined;
}

/** A carrier's tier as a small chip; its title states the rule. */
export function TierChip({ tier }: TierChipProps) {
  if (!tier) return <>-</>;
  const known = (tier in TIER_COLORS ? tier : "New") as CarrierTier;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={TIER_LABELS[known]}
      title={TIER_RULE_TEXT}
      data-tier={known}
      sx={{ fontWeight: 700, ...TIER_COLORS[known] }}
    />
  );
}
