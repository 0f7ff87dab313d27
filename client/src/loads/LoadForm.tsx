import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { LOAD_MODES, LOAD_STATUSES } from "../../../common/loads/values.ts";
import { useBlocker } from "../app/history.ts";
import { failureText } from "../lib/request-errors.ts";
import { type DriverOption, DriverPicker } from "../routing/DriverPicker.tsx";
import { ChoiceField } from "../ui/form/ChoiceField.tsx";
import { EditActions } from "../ui/form/EditActions.tsx";
import { keepEdits } from "../ui/form/keep-edits.ts";
import { problemProps } from "../ui/form/problem-props.ts";
import { SaveFailureAlert } from "../ui/form/SaveFailureAlert.tsx";
import { useFormValues } from "../ui/form/useFormValues.ts";
import { useStaleEdit } from "../ui/form/useStaleEdit.ts";
import { Toast } from "../ui/Toast.tsx";
import type { LoadForm_load$key } from "./__generated__/LoadForm_load.graphql";
import type { LoadFormRefetchQuery } from "./__generated__/LoadFormRefetchQuery.graphql";
import { AppointmentFlags } from "./AppointmentFlags.tsx";
import { LoadFieldInput, type LoadFieldSpec } from "./LoadFieldInput.tsx";
import { STATUS_LABELS } from "./list-criteria.ts";
import {
  changesOf,
  type FormProblems,
  formProblemsFromServer,
  type LoadFormValues,
  problemsOf,
  valuesOf,
} from "./load-form.ts";
import { StopsEditor } from "./StopsEditor.tsx";
import { LOAD_SAVE_FAILED, useUpdateLoadMutation } from "./useUpdateLoadMutation.ts";

export const LOAD_SAVED = "Load saved.";
const FIX_FIELDS = "Some fields need a look before saving.";

type TextKey = {
  [Key in keyof LoadFormValues]: LoadFormValues[Key] extends string ? Key : never;
}[keyof LoadFormValues];

const SECTIONS: { title: string; fields: LoadFieldSpec<TextKey>[] }[] = [
  {
    title: "Load",
    fields: [
      { name: "bolNumber", label: "BOL Number" },
      { name: "customer", label: "Customer" },
      { name: "referenceNumber", label: "Reference Number" },
      { name: "routeNumber", label: "Route Number", helper: "A new number starts a new route" },
      { name: "trackingLink", label: "Tracking Link", type: "url", width: 12 },
    ],
  },
  {
    title: "Freight",
    fields: [
      { name: "weight", label: "Weight", numeric: true },
      { name: "volume", label: "Volume", numeric: true },
      { name: "freightClass", label: "Freight Class" },
      { name: "commodity", label: "Commodity" },
      { name: "orderInfo", label: "Order Info", multiline: true, width: 12 },
      {
        name: "additionalData",
        label: "Additional Data",
        multiline: true,
        width: 12,
        helper: "A JSON object (upload columns that matched no field)",
      },
    ],
  },
  {
    title: "Route and dates",
    fields: [
      { name: "originAddress", label: "Origin address", width: 12 },
      { name: "destinationAddress", label: "Destination address", width: 12 },
      { name: "pickupDate", label: "Pickup Date", type: "datetime-local" },
      { name: "deliveryDate", label: "Delivery Date", type: "datetime-local" },
    ],
  },
];

interface LoadFormProps {
  load: LoadForm_load$key;
}

export function LoadForm({ load }: LoadFormProps) {
  const [data, refetch] = useRefetchableFragment<LoadFormRefetchQuery, LoadForm_load$key>(
    graphql`
      fragment LoadForm_load on Load @refetchable(queryName: "LoadFormRefetchQuery") {
        id
        version
        loadId
        bolNumber
        customer
        status
        mode
        assignedUserKey
        assignedUser {
          fullName
        }
        carrierName
        referenceNumber
        weight
        volume
        freightClass
        commodity
        orderInfo
        additionalData
        routeNumber
        origin {
          address
        }
        destination {
          address
        }
        pickupDate
        deliveryDate
        appointmentsRequired
        appointmentsConfirmed
        trackingLink
        stopCount
        stops {
          id
          sequence
          type
          appointmentFrom
          appointmentTo
          nass {
            id
            code
            facilityName
            city
            state
            timeZone
          }
        }
        updatedAt
      }
    `,
    load,
  );
  const initial = useMemo(() => valuesOf(data), [data]);
  const { values, setValues, problems, setProblems, change, passes } = useFormValues<
    LoadFormValues,
    FormProblems
  >(initial);
  const [formError, setFormError] = useState<string | null>(null);
  // The save was refused because someone else changed the load: offer to reload it (the load as it
  // is now replaces the form's values, and the version its next save sends).
  // The version the form's edits are based on, which the save sends: a live update that changed a
  // field the person is editing does not move it, so the server refuses the save (keepEdits).
  const [baseVersion, setBaseVersion] = useState(data.version);
  // The copy of the load the form last took its values from, and the values as they are now.
  const shown = useRef({ values: initial, version: data.version });
  const latestValues = useRef(values);
  latestValues.current = values;
  // Set by a save that succeeded and by Reload: the next copy of the load (as the server normalised
  // it) replaces every value.
  const takeAll = useRef(false);
  const staleEdit = useStaleEdit(
    "load",
    (done) => {
      // The person's edits give way to the load as it is now.
      takeAll.current = true;
      refetch({}, { fetchPolicy: "network-only", onComplete: done });
    },
    () => {
      setFormError(null);
      // The fetched copy was the one shown already (nothing to take over): the edits go all the same.
      if (takeAll.current) {
        takeAll.current = false;
        setValues(shown.current.values);
        setBaseVersion(shown.current.version);
      }
    },
  );
  const [saved, setSaved] = useState(false);
  const [pickedDriver, setPickedDriver] = useState<DriverOption | null>(null);
  const [save, isSaving] = useUpdateLoadMutation();

  // A newer copy of the load (a save's answer, a live update, a reload): see takeAll and keepEdits.
  useEffect(() => {
    const before = shown.current;
    if (before.values === initial) return;
    shown.current = { values: initial, version: data.version };
    if (takeAll.current) {
      takeAll.current = false;
      setValues(initial);
      setBaseVersion(data.version);
    } else {
      const kept = keepEdits(latestValues.current, before.values, initial);
      setValues(kept.values);
      if (!kept.conflict) setBaseVersion(data.version);
    }
    setProblems({});
  }, [initial, data.version, setValues, setProblems]);

  const changes = useMemo(() => {
    try {
      return changesOf(values, initial);
    } catch {
      // Values with problems (e.g. unreadable JSON) still count as changed.
      return { unreadable: true };
    }
  }, [values, initial]);
  const dirty = Object.keys(changes).length > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !isSaving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!passes(problemsOf(values))) {
      setFormError(FIX_FIELDS);
      return;
    }
    setFormError(null);
    staleEdit.clear();
    const input = changesOf(values, initial);
    if (Object.keys(input).length === 0) {
      setSaved(true);
      return;
    }
    save(
      // The version the edits are based on: the server refuses the save if the load has moved since.
      { input: { id: data.id, expectedVersion: baseVersion, ...input } },
      {
        onSuccess: () => {
          takeAll.current = true;
          setSaved(true);
        },
        onFailure: (failure) => {
          setFormError(failureText(failure, LOAD_SAVE_FAILED));
          staleEdit.noteFailure(failure);
          setProblems(formProblemsFromServer(failure.problems));
        },
      },
    );
  };

  // The driver shown in the picker: the one just picked, else the saved one, else the typed key.
  const savedDriver: DriverOption | null = data.assignedUserKey
    ? {
        userId: data.assignedUserKey,
        name: data.assignedUser?.fullName || data.assignedUserKey,
        carrierName: data.carrierName ?? null,
      }
    : null;
  const driver: DriverOption | null = !values.assignedUserKey
    ? null
    : pickedDriver?.userId === values.assignedUserKey
      ? pickedDriver
      : savedDriver?.userId === values.assignedUserKey
        ? savedDriver
        : { userId: values.assignedUserKey, name: values.assignedUserKey, carrierName: null };
  const driverHelper = driver?.carrierName
    ? `Carrier: ${driver.carrierName} · search by carrier name; clear for none`
    : "Search by carrier name; clear for none";

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label={`Load ${data.loadId}`}>
        <SaveFailureAlert message={formError} thing="load" staleEdit={staleEdit} sx={{ mb: 2 }} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Load ID"
              value={data.loadId}
              helperText="Read-only"
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <ChoiceField
              label="Status"
              value={values.status}
              choices={LOAD_STATUSES}
              labelOf={(status) => STATUS_LABELS[status]}
              onChange={(status) => change("status", status)}
              {...problemProps(problems.status)}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <ChoiceField
              label="Mode"
              value={values.mode}
              choices={LOAD_MODES}
              onChange={(mode) => change("mode", mode)}
              {...problemProps(problems.mode)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DriverPicker
              label="Assigned driver"
              size="medium"
              value={driver}
              error={problems.assignedUserKey}
              helperText={driverHelper}
              onChange={(chosen) => {
                setPickedDriver(chosen);
                change("assignedUserKey", chosen?.userId ?? "");
              }}
            />
          </Grid>
        </Grid>
        {SECTIONS.map((section) => (
          <Box key={section.title} component="section" aria-label={section.title} sx={{ mt: 3 }}>
            <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
              {section.title}
            </Typography>
            <Grid container spacing={2}>
              {section.fields.map((field) => (
                <LoadFieldInput
                  key={field.name}
                  field={field}
                  value={values[field.name]}
                  problem={problems[field.name]}
                  onChange={(value) => change(field.name, value)}
                />
              ))}
              {section.title === "Route and dates" ? (
                <Grid size={12} sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
                  <AppointmentFlags values={values} onChange={change} />
                </Grid>
              ) : null}
            </Grid>
          </Box>
        ))}
        <Divider sx={{ my: 3 }} />
        <StopsEditor
          appointments
          stops={values.stops}
          plannedCount={data.stopCount}
          problems={problems}
          onChange={(stops) => {
            setValues((current) => ({ ...current, stops }));
            setProblems(({ stops: _stops, ...rest }) =>
              Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith("stops."))),
            );
          }}
        />
        <EditActions
          dirty={dirty}
          saving={isSaving}
          onDiscard={() => {
            setValues(initial);
            setProblems({});
            setFormError(null);
            staleEdit.clear();
          }}
        />
      </Box>
      <Toast
        message={saved ? { severity: "success", text: LOAD_SAVED } : null}
        autoHideDuration={5000}
        onClose={() => setSaved(false)}
      />
      <Dialog
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        aria-labelledby="leave-load-title"
      >
        <DialogTitle id="leave-load-title">Leave without saving?</DialogTitle>
        <DialogContent>
          <DialogContentText>Your changes to load {data.loadId} have not been saved.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} autoFocus>
            Stay
          </Button>
          <Button color="error" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
