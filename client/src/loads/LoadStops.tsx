import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
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
import { graphql, useFragment } from "react-relay";
import { formatInZone } from "../../../common/loads/appointments.ts";
import { MILESTONE_SOURCE_LABELS, type MilestoneSource } from "../../../common/loads/milestones.ts";
import { formatCents } from "../../../common/money.ts";
import type { LoadStops_load$key } from "./__generated__/LoadStops_load.graphql";
import { useAcceptLoadStopDetentionMutation } from "./useAcceptLoadStopDetentionMutation.ts";
import { useMarkLoadStopVisitMutation } from "./useMarkLoadStopVisitMutation.ts";

interface LoadStopsProps {
  load: LoadStops_load$key;
}

const sourceText = (source: string | null | undefined) =>
  source ? MILESTONE_SOURCE_LABELS[source.toLowerCase() as MilestoneSource] : "";

const hoursText = (hours: number) => `${hours} ${hours === 1 ? "hour" : "hours"}`;

/**
 * The load's stops as visits (operators): each appointment on its facility's clock, arrival and
 * departure (the geofence's or marked here), and the detention the dwell proposes, to accept.
 */
export function LoadStops({ load }: LoadStopsProps) {
  const data = useFragment(
    graphql`
      fragment LoadStops_load on Load {
        loadId
        stops {
          id
          sequence
          type
          timeZone
          appointmentText
          arrivedAt
          arrivedSource
          departedAt
          departedSource
          nass {
            code
            facilityName
          }
        }
        detentionProposals {
          stopId
          sequence
          facilityCode
          status
          dwellMinutes
          freeMinutes
          hoursOver
          rateCentsPerHour
          amountCents
        }
      }
    `,
    load,
  );
  const [mark, marking] = useMarkLoadStopVisitMutation();
  const [accept, accepting] = useAcceptLoadStopDetentionMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = marking || accepting;
  const handlers = (success: string) => ({
    onSuccess: () => {
      setProblem(null);
      setDone(success);
    },
    onFailure: (failure: { message: string | null }) => {
      setDone(null);
      setProblem(failure.message ?? "Something went wrong. Try again.");
    },
  });
  const handleMark = (sequence: number, visit: "ARRIVED" | "DEPARTED") =>
    mark(
      { input: { loadId: data.loadId, sequence, visit } },
      handlers(`Stop ${sequence} marked ${visit === "ARRIVED" ? "arrived" : "departed"}.`),
    );
  const handleAccept = (sequence: number) =>
    accept({ input: { loadId: data.loadId, sequence } }, handlers(`Detention of stop ${sequence} accepted.`));

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="load-stops-title">
      <Typography id="load-stops-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Stops and appointments
      </Typography>
      {problem ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {problem}
        </Alert>
      ) : null}
      {done ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {done}
        </Alert>
      ) : null}
      {data.stops.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No stops yet: add them in the form above, each with its NASS code and appointment.
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
              {data.stops.map((stop) => (
                <TableRow key={stop.id} data-testid={`stop-${stop.sequence}`}>
                  <TableCell>
                    {stop.sequence} · {stop.type.toLowerCase()}
                  </TableCell>
                  <TableCell>
                    {stop.nass ? [stop.nass.code, stop.nass.facilityName].filter(Boolean).join(" · ") : "—"}
                    {stop.timeZone ? (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {stop.timeZone}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{stop.appointmentText ?? "None"}</TableCell>
                  <TableCell>
                    {stop.arrivedAt ? (
                      <>
                        {formatInZone(String(stop.arrivedAt), stop.timeZone)}
                        <Typography variant="caption" component="div" color="text.secondary">
                          {sourceText(stop.arrivedSource)}
                        </Typography>
                      </>
                    ) : (
                      "—"
                    )}
                  </TableCell>
                  <TableCell>
                    {stop.departedAt ? (
                      <>
                        {formatInZone(String(stop.departedAt), stop.timeZone)}
                        <Typography variant="caption" component="div" color="text.secondary">
                          {sourceText(stop.departedSource)}
                        </Typography>
                      </>
                    ) : (
                      "—"
                    )}
                  </TableCell>
                  <TableCell>
                    {!stop.arrivedAt ? (
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => handleMark(stop.sequence, "ARRIVED")}
                      >
                        Mark stop {stop.sequence} arrived
                      </Button>
                    ) : !stop.departedAt ? (
                      <Button
                        size="small"
                        disabled={busy}
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
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        Detention
      </Typography>
      {data.detentionProposals.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No detention: no stop's dwell went past its free time.
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}
          aria-label="Detention"
        >
          {data.detentionProposals.map((proposal) => (
            <Box
              component="li"
              key={proposal.stopId}
              sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}
              data-testid={`detention-${proposal.sequence}`}
            >
              <Typography variant="body2">
                Stop {proposal.sequence}
                {proposal.facilityCode ? ` (${proposal.facilityCode})` : ""}: {hoursText(proposal.hoursOver)}{" "}
                over {proposal.freeMinutes / 60} free hours at {formatCents(proposal.rateCentsPerHour)}/hour ={" "}
                <strong>{formatCents(proposal.amountCents)}</strong>
                {proposal.status === "ACCEPTED" ? " · accepted" : " · proposed"}
              </Typography>
              {proposal.status === "PROPOSED" ? (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  onClick={() => handleAccept(proposal.sequence)}
                >
                  Accept detention of stop {proposal.sequence}
                </Button>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
