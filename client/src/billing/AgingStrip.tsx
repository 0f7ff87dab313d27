import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { formatCents } from "../../../common/money.ts";
import type { AgingStrip_query$key } from "./__generated__/AgingStrip_query.graphql";

const BUCKETS = [
  ["current", "Current"],
  ["days1to30", "1-30 days"],
  ["days31to60", "31-60 days"],
  ["days61to90", "61-90 days"],
  ["days90plus", "90+ days"],
  ["total", "Total open"],
] as const;

interface AgingStripProps {
  query: AgingStrip_query$key;
}

/** Open receivables by days past due, above the receivables list. */
export function AgingStrip({ query }: AgingStripProps) {
  const { receivablesAging } = useFragment(
    graphql`
      fragment AgingStrip_query on Query {
        receivablesAging(pageSize: 1) {
          totals {
            current
            days1to30
            days31to60
            days61to90
            days90plus
            total
            invoiceCount
          }
        }
      }
    `,
    query,
  );
  const totals = receivablesAging.totals;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Receivables aging"
      data-testid="aging-strip"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(3, 1fr)", md: "repeat(6, 1fr)" },
        mb: 2,
      }}
    >
      {BUCKETS.map(([key, label]) => (
        <Box
          key={key}
          sx={{
            px: 2,
            py: 1.25,
            borderRight: 1,
            borderBottom: { xs: 1, md: 0 },
            borderColor: "divider",
            bgcolor: key === "total" ? "action.hover" : undefined,
          }}
        >
          <Typography variant="caption" color="text.secondary" component="p">
            {label}
          </Typography>
          <Typography
            variant="subtitle1"
            component="p"
            sx={{
              fontWeight: 700,
              fontVariantNumeric: "tabular-nums",
              color: key.startsWith("days") && totals[key] > 0 ? "error.main" : "text.primary",
            }}
            data-testid={`aging-${key}`}
          >
            {formatCents(totals[key])}
          </Typography>
        </Box>
      ))}
    </Paper>
  );
}
