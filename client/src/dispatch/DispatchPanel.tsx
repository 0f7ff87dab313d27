import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { DISPATCH_MESSAGES } from "../../../common/dispatch.ts";
import { failureText } from "../offers/failure-text.ts";
import type { DispatchPanel_details$key } from "./__generated__/DispatchPanel_details.graphql";
import { useDispatchLoadMutation } from "./useDispatchLoadMutation.ts";

const FIELDS = [
  ["driverName", "Driver name"],
  ["driverPhone", "Driver phone"],
  // Not "Truck number": the confirm-details form above has that field.
  ["truckNumber", "Truck"],
  ["trailerNumber", "Trailer"],
] as const;
type FieldName = (typeof FIELDS)[number][0];

interface DispatchPanelProps {
  details: DispatchPanel_details$key;
}

/**
 * Dispatch on the confirm-details page: driver name and phone, truck and trailer (the confirmed
 * ones to start with), then "Dispatch" answers the driver's trip link. The server refuses until
 * the tender is accepted, and says why.
 */
export function DispatchPanel({ details: key }: DispatchPanelProps) {
  const details = useFragment(
    graphql`
      fragment DispatchPanel_details on ConfirmDetails {
        loadId
        truckNumber
        trailerNumber
        firstDriverName
        firstDriverPhone
      }
    `,
    key,
  );
  const headingId = useId();
  const [values, setValues] = useState<Record<FieldName, string>>({
    driverName: details.firstDriverName ?? "",
    driverPhone: details.firstDriverPhone ?? "",
    truckNumber: details.truckNumber ?? "",
    trailerNumber: details.trailerNumber ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [tripUrl, setTripUrl] = useState<string | null>(null);
  const [dispatch, dispatching] = useDispatchLoadMutation();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setTripUrl(null);
    dispatch(
      { input: { loadId: details.loadId, ...values } },
      {
        onSuccess: (data) => {
          setErrors({});
          setTripUrl(data.tripUrl);
        },
        onFailure: (problem) => {
          setErrors(problem.fields);
          setFailure(failureText(problem));
        },
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        Dispatch
      </Typography>
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          {FIELDS.map(([name, label]) => (
            <TextField
              key={name}
              label={label}
              value={values[name]}
              required={name === "driverName" || name === "driverPhone"}
              type={name === "driverPhone" ? "tel" : "text"}
              error={Boolean(errors[name])}
              helperText={errors[name] ?? " "}
              disabled={dispatching}
              onChange={(event) => {
                setValues((current) => ({ ...current, [name]: event.target.value }));
                setErrors(({ [name]: _removed, ...rest }) => rest);
              }}
            />
          ))}
        </Box>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        {tripUrl ? (
          <Alert severity="success" role="status" sx={{ mb: 2, overflowWrap: "anywhere" }}>
            {DISPATCH_MESSAGES.dispatched}. {DISPATCH_MESSAGES.tripLink}{" "}
            <Link href={tripUrl} target="_blank" rel="noopener">
              {tripUrl}
            </Link>
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" disabled={dispatching}>
          {dispatching ? "Dispatching..." : "Dispatch"}
        </Button>
      </Box>
    </Paper>
  );
}
