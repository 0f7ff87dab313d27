import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { LOAD_MODES, LOAD_STATUSES } from "../../../common/loads/values.ts";
import { carrierDetailPath, loadDetailPath } from "../carriers/carrier-rules.ts";
import { failureText } from "../lib/request-errors.ts";
import { placeProblems } from "../relay/mutation-failure.ts";
import { ChoiceField } from "../ui/form/ChoiceField.tsx";
import { problemProps } from "../ui/form/problem-props.ts";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useFormValues } from "../ui/form/useFormValues.ts";
import type { ManualAssignmentForm_carrier$key } from "./__generated__/ManualAssignmentForm_carrier.graphql";
import { AppointmentFlags } from "./AppointmentFlags.tsx";
import { LoadFieldInput, type LoadFieldSpec } from "./LoadFieldInput.tsx";
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

type FieldSpec = LoadFieldSpec<ManualAssignmentTextField>;

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
  const { values, problems, setProblems, change } = useFormValues<
    ManualAssignmentValues,
    ManualAssignmentProblems
  >(EMPTY_MANUAL_ASSIGNMENT);
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<ManualAssignmentField, Focusable | null>>>({});
  const hasDrivers = data.drivers.length > 0;
  const driverNames = new Map(data.drivers.map((driver) => [driver.userId, driver.fullName || driver.email]));
  const driverLabel = (userId: string) => `${driverNames.get(userId) ?? userId} · ${userId}`;

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
          setFormError(failureText(failure, MANUAL_ASSIGNMENT_TEXTS.createFailed));
          showProblems(placeProblems(failure, manualAssignmentFieldOf));
        },
      },
    );
  };

  const textField = (field: FieldSpec) => (
    <LoadFieldInput
      key={field.name}
      field={field}
      value={values[field.name]}
      problem={problems[field.name]}
      onChange={(value) => change(field.name, value)}
      autoComplete="off"
      maxLength={field.multiline ? 2000 : 200}
      inputRef={(element) => {
        inputs.current[field.name] = element;
      }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Load Manual Assignment">
        <Section title="Load">
          {LOAD_FIELDS.map(textField)}
          <Grid size={{ xs: 12, sm: 6 }}>
            <ChoiceField
              name="assignedUserKey"
              label="Driver"
              required
              disabled={!hasDrivers}
              value={values.assignedUserKey}
              choices={data.drivers.map((driver) => driver.userId)}
              labelOf={driverLabel}
              onChange={(userKey) => change("assignedUserKey", userKey)}
              {...problemProps(
                problems.assignedUserKey,
                hasDrivers ? undefined : "This carrier has no drivers yet",
              )}
              // The reason the field is disabled must stay readable (4.5:1), not greyed out with it.
              slotProps={{ formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }}
              inputRef={(element: Focusable | null) => {
                inputs.current.assignedUserKey = element;
              }}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <ChoiceField
              name="status"
              label="Status"
              value={values.status}
              choices={LOAD_STATUSES}
              onChange={(status) => change("status", status)}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <ChoiceField
              name="mode"
              label="Mode"
              value={values.mode}
              choices={LOAD_MODES}
              onChange={(mode) => change("mode", mode)}
            />
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
            <AppointmentFlags values={values} onChange={change} />
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
          <SubmitButton busy={isCreating} busyLabel="Creating…">
            Create load
          </SubmitButton>
        </Box>
      </Box>
    </Paper>
  );
}
