import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { turnEndsText } from "../../../common/award.ts";
import { formatDollars } from "../../../common/money.ts";
import type { AwardRuleSummary_offer$key } from "./__generated__/AwardRuleSummary_offer.graphql";

interface AwardRuleSummaryProps {
  offer: AwardRuleSummary_offer$key;
}

/** The offer's award rule and its waterfall's progress, for operators (active offers row, bidders page). */
export function AwardRuleSummary({ offer: key }: AwardRuleSummaryProps) {
  const offer = useFragment(
    graphql`
      fragment AwardRuleSummary_offer on Offer {
        awardRules {
          mode
          ceiling
          maxRounds
        }
        waterfall {
          status
          position
          turnEndsAt
          currentCarrier {
            carrierName
          }
          steps {
            status
          }
        }
      }
    `,
    key,
  );
  const { waterfall, awardRules } = offer;
  if (waterfall) {
    const total = waterfall.steps.length;
    const text =
      waterfall.status === "running"
        ? `Waterfall: turn ${waterfall.position + 1} of ${total}, ${waterfall.currentCarrier?.carrierName ?? "carrier"} until ${waterfall.turnEndsAt ? turnEndsText(waterfall.turnEndsAt) : "—"}`
        : waterfall.status === "accepted"
          ? `Waterfall: accepted in turn ${waterfall.position + 1} of ${total}`
          : "Waterfall ended: open to all";
    return (
      <Typography variant="caption" component="div" color="text.secondary" data-testid="award-rule">
        {text}
      </Typography>
    );
  }
  if (awardRules?.mode === "auto") {
    return (
      <Typography variant="caption" component="div" color="text.secondary" data-testid="award-rule">
        Auto-award up to {formatDollars(awardRules.ceiling)}, {awardRules.maxRounds ?? 1} round
        {(awardRules.maxRounds ?? 1) === 1 ? "" : "s"} at most
      </Typography>
    );
  }
  return null;
}
