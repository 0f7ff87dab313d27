import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { CarrierLoadStopsQuery } from "./__generated__/CarrierLoadStopsQuery.graphql";
import { useMarkLoadStopVisitMutation } from "./useMarkLoadStopVisitMutation.ts";

interface CarrierLoadStopsProps {
  loadId: string;
}

/**
 * The carrier's view of its load's stops: each appointment on the facility's clock with the zone,
 * arrival and departure, and the buttons to mark them when the geofence did not.
 */
export function CarrierLoadStops({ loadId }: CarrierLoadStopsProps) {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<CarrierLoadStopsQuery>(
    graphql`
      query CarrierLoadStopsQuery($loadId: String!) {
        loadStopVisits(loadId: $loadId) {
          id
          sequence
          type
          facilityCode
          facilityName
          city
          state
          timeZone
          appointmentText
          arrivedText
          departedText
        }
      }
    `,
    { loadId },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [mark, marking] = useMarkLoadStopVisitMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const handleMark = (sequence: number, visit: "ARRIVED" | "DEPARTED") =>
    mark(
      { input: { loadId, sequence, visit } },
      {
        onSuccess: () => {
          setProblem(null);
          setFetchKey((key) => key + 1);
        },
        onFailure: (failure) => setProblem(failure.message ?? "Something went wrong. Try again."),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="carrier-stops-title">
      <Typography id="carrier-stops-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Stops and appointments
      </Typography>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {problem}
        </Alert>
      ) : null}
      {data.loadStopVisits.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          The broker has not detailed this load's stops yet.
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Stops and appointments">
            <TableHead>
              <TableRow>
                <TableCell>Stop</TableCell>
                <TableCell>Facility</TableCell>
                <TableCell>Appointment (facility time)</TableCell>
                <TableCell>Arrived</TableCell>
                <TableCell>Departed</TableCell>
                <TableCell>Mark</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.loadStopVisits.map((stop) => (
                <TableRow key={stop.id}>
                  <TableCell>
                    {stop.sequence} · {stop.type.toLowerCase()}
                  </TableCell>
                  <TableCell>
                    {[stop.facilityCode, stop.facilityName].filter(Boolean).join(" · ") || "—"}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {[stop.city, stop.state].filter(Boolean).join(", ")}
                      {stop.timeZone ? ` · ${stop.timeZone}` : ""}
                    </Typography>
                  </TableCell>
                  <TableCell>{stop.appointmentText ?? "None"}</TableCell>
                  <TableCell>{stop.arrivedText ?? "—"}</TableCell>
                  <TableCell>{stop.departedText ?? "—"}</TableCell>
                  <TableCell>
                    {!stop.arrivedText ? (
                      <Button
                        size="small"
                        disabled={marking}
                        onClick={() => handleMark(stop.sequence, "ARRIVED")}
                      >
                        Mark stop {stop.sequence} arrived
                      </Button>
                    ) : !stop.departedText ? (
                      <Button
                        size="small"
                        disabled={marking}
                        onClick={() => handleMark(stop.sequence, "DEPARTED")}
                      >
                        Mark stop {stop.sequence} departed
                      </Button>
                    ) : (
                      "Done"
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
