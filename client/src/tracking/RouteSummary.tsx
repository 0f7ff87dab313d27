import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { formatEta } from "../../../common/tracking.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { RouteSummary_route$key } from "./__generated__/RouteSummary_route.graphql";

const DASH = "—";

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** Carrier, driver, loads, ETAs, speed and when the truck last reported. */
export function RouteSummary({ route }: { route: RouteSummary_route$key }) {
  const data = useFragment(
    graphql`
      fragment RouteSummary_route on TrackedRoute {
        routeNumber
        carrierName
        driverUserId
        etaMinutes
        nextStopEtaMinutes
        speedMph
        lastPositionAt
        loads {
          loadId
          status
        }
      }
    `,
    route,
  );
  return (
    <Paper
      variant="outlined"
      sx={{ px: 2, py: 1.5, mb: 2, display: "flex", flexWrap: "wrap", gap: { xs: 1.5, sm: 3 } }}
    >
      <Fact label="Ruta" value={data.routeNumber} />
      <Fact label="Carrier" value={data.carrierName ?? DASH} />
      <Fact label="Driver" value={data.driverUserId ?? DASH} />
      <Fact label="ETA" value={formatEta(data.etaMinutes) ?? DASH} testId="route-eta" />
      <Fact label="Next stop" value={formatEta(data.nextStopEtaMinutes) ?? DASH} />
      <Fact
        label="Speed"
        value={
          data.speedMph === null || data.speedMph === undefined ? DASH : `${Math.round(data.speedMph)} mph`
        }
      />
      <Fact
        label="Last position"
        value={formatDateTime(data.lastPositionAt) ?? DASH}
        testId="last-position-at"
      />
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          Loads
        </Typography>
        <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", mt: 0.5 }}>
          {data.loads.map((load) => (
            <Chip
              key={load.loadId}
              size="small"
              label={`${load.loadId} · ${load.status.replace("_", " ")}`}
            />
          ))}
        </Box>
      </Box>
    </Paper>
  );
}
