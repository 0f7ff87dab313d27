import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { formatDollars } from "../../../common/money.ts";
import type { CarrierCompliancePanel_compliance$key } from "./__generated__/CarrierCompliancePanel_compliance.graphql";
import { ComplianceChip } from "./ComplianceChip.tsx";

interface CarrierCompliancePanelProps {
  compliance: CarrierCompliancePanel_compliance$key;
  /** The heading: "Compliance" on the carrier detail, "Your company's compliance" on the profile. */
  title?: string;
  /** What the heading row ends with (the operator's 'Record compliance' button). */
  action?: ReactNode;
}

const yesNo = (on: boolean, verified: boolean) =>
  on ? (verified ? "On file, verified" : "On file, not verified") : "Missing";

/**
 * Authority, insurance and W-9 with the verdict; an expiring or failing carrier sees why in an
 * alert (amber while the insurance is merely expiring, red when the carrier cannot trade).
 */
export function CarrierCompliancePanel({
  compliance,
  title = "Compliance",
  action,
}: CarrierCompliancePanelProps) {
  const data = useFragment(
    graphql`
      fragment CarrierCompliancePanel_compliance on CarrierCompliance {
        status
        mayTrade
        gateRequired
        reasons
        authorityStatus
        authorityCheckedOn
        authoritySource
        insuranceExpiresOn
        insuranceCoverage
        insuranceVerified
        w9OnFile
        w9Verified
        ...ComplianceChip_compliance
      }
    `,
    compliance,
  );
  const rows: [string, string][] = [
    [
      "Authority (MC/DOT)",
      `${data.authorityStatus}${data.authorityCheckedOn ? `, checked ${data.authorityCheckedOn}` : ""}${
        data.authoritySource ? ` (${data.authoritySource})` : ""
      }`,
    ],
    [
      "Insurance",
      data.insuranceExpiresOn
        ? `Expires ${data.insuranceExpiresOn}, ${data.insuranceVerified ? "verified" : "not verified"}`
        : "No certificate",
    ],
    ["Coverage", data.insuranceCoverage === null ? "Not recorded" : formatDollars(data.insuranceCoverage)],
    ["W-9", yesNo(data.w9OnFile, data.w9Verified)],
  ];
  return (
    <Paper
      component="section"
      aria-labelledby="compliance-heading"
      sx={{ p: 2, mt: 2 }}
      data-testid="compliance-panel"
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
        <Typography id="compliance-heading" variant="h6" component="h2">
          {title}
        </Typography>
        <ComplianceChip compliance={data} />
        {action ? (
          <>
            <Box sx={{ flex: 1 }} />
            {action}
          </>
        ) : null}
      </Box>
      {data.reasons.length > 0 ? (
        <Alert severity={data.mayTrade ? "warning" : "error"} sx={{ mb: 1 }} data-testid="compliance-reasons">
          {!data.mayTrade && data.gateRequired ? "Bidding and awards are blocked: " : ""}
          {data.reasons.join(" ")}
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
