import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { LOAD_MODES, LOAD_STATUSES } from "../../../common/loads/values.ts";
import { carrierDetailPath, loadDetailPath } from "../carriers/carrier-rules.ts";
import { zoneLabel } from "../lib/dates.ts";
import { failureText } from "../lib/request-errors.ts";
import type { ManualAssignmentForm_carrier$key } from "./__generated__/ManualAssignmentForm_carrier.graphql";
import {
  EMPTY_MANUAL_ASSIGNMENT,
  MANUAL_ASSIGNMENT_TEXTS,
  type ManualAssignmentField,
  type ManualAssignmentProblems,
  type ManualAssignmentTextField,
  type ManualAssignmentValues,
  manualAssignmentFieldOf,
  manualAssignmentPayload,
  manualAssignmentProblems,
} from "./manual-assignment-form.ts";
import { useCreateManualAssignmentMutation } from "./useCreateManualAssignmentMutation.ts";

interface FieldSpec {
  name: ManualAssignmentTextField;
  label: string;
  type?: "text" | "number" | "datetime-local";
  required?: boolean;
  multiline?: boolean;
  helper?: string;
  /** Grid columns from the sm breakpoint up (12 = full width). */
  width?: 4 | 6 | 12;
  step?: string;
}

const LOAD_FIELDS: FieldSpec[] = [
  { name: "loadId", label: "Load ID", required: true },
  { name: "customer", label: "Customer", required: true },
];
const REFERENCE_FIELDS: FieldSpec[] = [
  { name: "bolNumber", label: "BOL #", width: 4 },
  { name: "referenceNumber", label: "Reference #", width: 4 },
  { name: "routeNumber", label: "Route #", width: 4, helper: "A new route number starts a route" },
];
const FREIGHT_FIELDS: FieldSpec[] = [
  { name: "weight", label: "Weight", type: "number", width: 4, step: "any" },
  { name: "volume", label: "Volume", type: "number", width: 4, step: "any" },
  { name: "stops", label: "Stops", type: "number", width: 4, step: "1" },
  { name: "freightClass", label: "Freight class" },
  { name: "commodity", label: "Commodity" },
];
const PLACE_FIELDS: FieldSpec[] = [
  { name: "originAddress", label: "Origin address" },
  { name: "pickupDate", label: "Pickup date", type: "datetime-local" },
  { name: "destinationAddress", label: "Destination address" },
  { name: "deliveryDate", label: "Delivery date", type: "datetime-local" },
];
const NOTE_FIELDS: FieldSpec[] = [
  { name: "orderInfo", label: "Order info", multiline: true, width: 12 },
  {
    name: "additionalData",
    label: "Additional data",
    multiline: true,
    width: 12,
    helper: "Free text or a JSON object",
  },
];

/** The order fields are checked in, so the first problem gets the focus. */
const FIELD_ORDER: ManualAssignmentField[] = [
  "loadId",
  "customer",
  "assignedUserKey",
  ...[...REFERENCE_FIELDS, ...FREIGHT_FIELDS, ...PLACE_FIELDS, ...NOTE_FIELDS].map((field) => field.name),
];

interface Focusable {
  focus(): void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, mt: 3, minWidth: 0, "&:first-of-type": { mt: 0 } }}
    >
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

interface ManualAssignmentFormProps {
  carrier: ManualAssignmentForm_carrier$key;
}

export function ManualAssignmentForm({ carrier }: ManualAssignmentFormProps) {
  const data = useFragment(
    graphql`
      fragment ManualAssignmentForm_carrier on Carrier {
        carrierId
        drivers {
          id
          userId
          fullName
          email
        }
      }
    `,
    carrier,
  );
  const navigate = useNavigate();
  const [create, isCreating] = useCreateManualAssignmentMutation();
  const [values, setValues] = useState<ManualAssignmentValues>(EMPTY_MANUAL_ASSIGNMENT);
  const [problems, setProblems] = useState<ManualAssignmentProblems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<ManualAssignmentField, Focusable | null>>>({});
  const hasDrivers = data.drivers.length > 0;

  const handleChange = <Field extends keyof ManualAssignmentValues>(
    name: Field,
    value: ManualAssignmentValues[Field],
  ) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Spec section 4: any edit clears that field's error.
    setProblems(({ [name]: _cleared, ...rest }) => rest);
  };

  const showProblems = (found: ManualAssignmentProblems) => {
    setProblems(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = manualAssignmentProblems(values);
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    create(
      { input: manualAssignmentPayload(values, data.carrierId) },
      {
        onSuccess: ({ loadId }) => navigate(loadDetailPath(loadId)),
        onFailure: (failure) => {
          const placed: ManualAssignmentProblems = {};
          for (const [field, message] of Object.entries(failure.fields)) {
            const name = manualAssignmentFieldOf(field);
            if (name) placed[name] = message;
          }
          setFormError(failureText(failure, MANUAL_ASSIGNMENT_TEXTS.createFailed));
          showProblems(placed);
        },
      },
    );
  };

  const textField = (field: FieldSpec) => (
    <Grid key={field.name} size={{ xs: 12, sm: field.width ?? 6 }}>
      <TextField
        name={field.name}
        label={field.label}
        type={field.type ?? "text"}
        required={field.required}
        multiline={field.multiline}
        minRows={field.multiline ? 2 : undefined}
        autoComplete="off"
        value={values[field.name]}
        onChange={(event) => handleChange(field.name, event.target.value)}
        error={Boolean(problems[field.name])}
        helperText={
          problems[field.name] ??
          field.helper ??
          (field.type === "datetime-local" ? `Time zone: ${zoneLabel()}` : undefined)
        }
        inputRef={(element: Focusable | null) => {
          inputs.current[field.name] = element;
        }}
        slotProps={{
          inputLabel: field.type === "datetime-local" ? { shrink: true } : undefined,
          htmlInput: {
            ...(field.type === "number" ? { min: 0, step: field.step, inputMode: "decimal" } : {}),
            maxLength: field.multiline ? 2000 : 200,
          },
        }}
      />
    </Grid>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Load Manual Assignment">
        <Section title="Load">
          {LOAD_FIELDS.map(textField)}
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              name="assignedUserKey"
              label="Driver"
              required
              disabled={!hasDrivers}
              value={values.assignedUserKey}
              onChange={(event) => handleChange("assignedUserKey", event.target.value)}
              error={Boolean(problems.assignedUserKey)}
              helperText={
                problems.assignedUserKey ?? (hasDrivers ? undefined : "This carrier has no drivers yet")
              }
              // The reason the field is disabled must stay readable (4.5:1), not greyed out with it.
              slotProps={{ formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}
              inputRef={(element: Focusable | null) => {
                inputs.current.assignedUserKey = element;
              }}
            >
              {data.drivers.map((driver) => (
                <MenuItem key={driver.id} value={driver.userId}>
                  {driver.fullName
                    ? `${driver.fullName} · ${driver.userId}`
                    : `${driver.email} · ${driver.userId}`}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField
              select
              name="status"
              label="Status"
              value={values.status}
              onChange={(event) => {
                const status = LOAD_STATUSES.find((option) => option === event.target.value);
                if (status) handleChange("status", status);
              }}
            >
              {LOAD_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {status}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField
              select
              name="mode"
              label="Mode"
              value={values.mode}
              onChange={(event) => {
                const mode = LOAD_MODES.find((option) => option === event.target.value);
                if (mode) handleChange("mode", mode);
              }}
            >
              {LOAD_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {mode}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {hasDrivers ? null : (
            <Grid size={12}>
              <Alert severity="info" data-testid="no-drivers">
                A load needs a driver, and this carrier has none yet.{" "}
                <Link component={RouterLink} to={carrierDetailPath(data.carrierId)}>
                  Attach drivers on the carrier's detail page
                </Link>
                , then come back.
              </Alert>
            </Grid>
          )}
          {REFERENCE_FIELDS.map(textField)}
        </Section>
        <Section title="Freight">{FREIGHT_FIELDS.map(textField)}</Section>
        <Section title="Pickup and delivery">
          {PLACE_FIELDS.map(textField)}
          <Grid size={12} sx={{ display: "flex", flexWrap: "wrap", columnGap: 3 }}>
            <FormControlLabel
              control={
                <Checkbox
                  name="appointmentsRequired"
                  checked={values.appointmentsRequired}
                  onChange={(event) => handleChange("appointmentsRequired", event.target.checked)}
                />
              }
              label="Appointments required"
            />
            <FormControlLabel
              control={
                <Checkbox
                  name="appointmentsConfirmed"
                  checked={values.appointmentsConfirmed}
                  onChange={(event) => handleChange("appointmentsConfirmed", event.target.checked)}
                />
              }
              label="Appointments confirmed"
            />
          </Grid>
        </Section>
        <Section title="Notes">{NOTE_FIELDS.map(textField)}</Section>
        {formError ? (
          <Alert severity="error" role="alert" sx={{ mt: 3 }} data-testid="manual-assignment-error">
            {formError}
          </Alert>
        ) : null}
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 3, flexWrap: "wrap" }}>
          <Button component={RouterLink} to={carrierDetailPath(data.carrierId)}>
            Back to carrier
          </Button>
          <Button type="submit" variant="contained" disabled={isCreating}>
            {isCreating ? "Creating…" : "Create load"}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
