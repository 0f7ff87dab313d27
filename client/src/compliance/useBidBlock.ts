import { graphql, useFragment } from "react-relay";
import { bidBlockedMessage } from "../../../common/compliance.ts";
import type { useBidBlock_compliance$key } from "./__generated__/useBidBlock_compliance.graphql";

/** Why the viewer may not bid (CARRIER_COMPLIANCE=required and its company is not compliant), or null. */
export function useBidBlock(compliance: useBidBlock_compliance$key | null): string | null {
  const data = useFragment(
    graphql`
      fragment useBidBlock_compliance on CarrierCompliance {
        gateRequired
        mayTrade
        reasons
      }
    `,
    compliance,
  );
  if (!data?.gateRequired || data.mayTrade) return null;
  return bidBlockedMessage(data.reasons);
}
