import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import { STOP_COLORS } from "../../../common/tracking.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { StopTimesTable_route$key } from "./__generated__/StopTimesTable_route.graphql";

const DASH = "—";
const COLUMNS = ["Stop", "Type", "Facility", "City", "Arrived", "Departed"];

/** The route's stops by sequence with the times the truck arrived and left (geofence). */
export function StopTimesTable({ route }: { route: StopTimesTable_route$key }) {
  const data = useFragment(
    graphql`
      fragment StopTimesTable_route on TrackedRoute {
        stops {
          stopId
          sequence
          type
          label
          nassCode
          facilityName
          city
          state
          arrivedAt
          departedAt
        }
      }
    `,
    route,
  );
  const stops = [...data.stops].sort((a, b) => a.sequence - b.sequence);
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="Stops and arrival times" sx={{ minWidth: 600 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((label) => (
                <TableCell key={label} sx={{ fontWeight: 700 }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {stops.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ textAlign: "center", py: 4 }}>
                  <Typography color="text.secondary">This route has no stops yet.</Typography>
                </TableCell>
              </TableRow>
            ) : (
              stops.map((stop) => (
                <TableRow key={stop.stopId} data-testid={`stop-row-${stop.sequence}`}>
                  <TableCell>
                    <Typography
                      component="span"
                      sx={{
                        fontWeight: 700,
                        color:
                          STOP_COLORS[
                            stop.type === "pickup" || stop.type === "delivery" ? stop.type : "other"
                          ],
                      }}
                    >
                      {stop.label}
                    </Typography>{" "}
                    {stop.sequence}
                  </TableCell>
                  <TableCell>{stop.type}</TableCell>
                  <TableCell>{stop.facilityName ?? stop.nassCode ?? DASH}</TableCell>
                  <TableCell>{[stop.city, stop.state].filter(Boolean).join(", ") || DASH}</TableCell>
                  <TableCell data-testid="arrived-at">{formatDateTime(stop.arrivedAt) ?? DASH}</TableCell>
                  <TableCell data-testid="departed-at">{formatDateTime(stop.departedAt) ?? DASH}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
