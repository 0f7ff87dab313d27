import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Snackbar from "@mui/material/Snackbar";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { OFFER_MESSAGES } from "../../../common/offers.ts";
import type { ConfirmDetailsForm_details$key } from "./__generated__/ConfirmDetailsForm_details.graphql";
import { failureText } from "./failure-text.ts";
import { dateTimeText } from "./money.ts";
import { useSaveConfirmDetailsMutation } from "./useSaveConfirmDetailsMutation.ts";

const CARRIER_FIELDS = [
  ["carrier", "Carrier"],
  ["tier", "Tier"],
  ["trackBy", "Track by"],
  ["dispatcher", "Dispatcher"],
  ["dispatcherEmail", "Dispatcher email"],
  ["dispatcherPhone", "Dispatcher phone"],
  ["carrierRate", "Carrier rate (%)"],
] as const;
const TRUCK_FIELDS = [
  ["truckNumber", "Truck number"],
  ["trailerNumber", "Trailer number"],
  ["firstDriverName", "First driver name"],
  ["firstDriverPhone", "First driver phone"],
  ["secondDriverName", "Second driver name"],
] as const;
type FieldName = (typeof CARRIER_FIELDS)[number][0] | (typeof TRUCK_FIELDS)[number][0];

interface ConfirmDetailsFormProps {
  details: ConfirmDetailsForm_details$key;
}

/** The two sections of section 2; all disabled within 12 hours of the start (the server refuses too). */
export function ConfirmDetailsForm({ details: key }: ConfirmDetailsFormProps) {
  const details = useFragment(
    graphql`
      fragment ConfirmDetailsForm_details on ConfirmDetails {
        loadId
        startDateTime
        editable
        carrier
        tier
        trackBy
        dispatcher
        dispatcherEmail
        dispatcherPhone
        carrierRate
        truckNumber
        trailerNumber
        firstDriverName
        firstDriverPhone
        secondDriverName
      }
    `,
    key,
  );
  const initial = Object.fromEntries(
    [...CARRIER_FIELDS, ...TRUCK_FIELDS].map(([name]) => {
      const value = details[name];
      return [name, value === null || value === undefined ? "" : String(value)];
    }),
  ) as Record<FieldName, string>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [save, saving] = useSaveConfirmDetailsMutation();
  const disabled = !details.editable || saving;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const rate = values.carrierRate.trim();
    if (rate && (!Number.isFinite(Number(rate)) || Number(rate) < 0 || Number(rate) > 100)) {
      setErrors({ carrierRate: "Carrier rate must be a percentage from 0 to 100" });
      return;
    }
    setAsking(true);
  };
  const handleConfirm = () => {
    setAsking(false);
    setFailure(null);
    const { carrierRate, ...text } = values;
    save(
      {
        input: {
          loadId: details.loadId,
          ...text,
          carrierRate: carrierRate.trim() ? Number(carrierRate) : null,
        },
      },
      {
        onSuccess: () => setSaved(true),
        onFailure: (problem) => {
          setErrors(problem.fields);
          setFailure(failureText(problem));
        },
      },
    );
  };
  const field = ([name, label]: readonly [FieldName, string]) => (
    <TextField
      key={name}
      label={label}
      value={values[name]}
      disabled={disabled}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? " "}
      type={name === "carrierRate" ? "number" : name === "dispatcherEmail" ? "email" : "text"}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setErrors(({ [name]: _removed, ...rest }) => rest);
      }}
      slotProps={name === "carrierRate" ? { htmlInput: { min: 0, max: 100, step: 0.1 } } : undefined}
    />
  );
  const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } };
  return (
    <Box component="form" onSubmit={handleSubmit} noValidate>
      <Typography sx={{ mb: 1 }}>
        Start date/time: <strong>{dateTimeText(details.startDateTime)}</strong>
      </Typography>
      <Alert severity={details.editable ? "info" : "warning"} sx={{ mb: 2 }}>
        {details.editable ? OFFER_MESSAGES.confirmNotice : OFFER_MESSAGES.confirmLocked}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Carrier
        </Typography>
        <Box sx={grid}>{CARRIER_FIELDS.map(field)}</Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Truck and driver
        </Typography>
        <Box sx={grid}>{TRUCK_FIELDS.map(field)}</Box>
      </Paper>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={disabled}>
        {saving ? "Saving..." : "Save changes"}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="confirm-save-title">
        <DialogTitle id="confirm-save-title">Save changes</DialogTitle>
        <DialogContent>
          <DialogContentText>{OFFER_MESSAGES.confirmSure}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button variant="contained" onClick={handleConfirm} autoFocus>
            Yes, save
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={saved}
        autoHideDuration={4000}
        onClose={() => setSaved(false)}
        message="Details saved."
      />
    </Box>
  );
}
