import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { fetchQuery, useRelayEnvironment } from "react-relay";
import {
  GEOFENCE_RADIUS_BOUNDS,
  GEOFENCE_RADIUS_MESSAGE,
  NASS_CODE_REQUIRED,
} from "../../../common/routing.ts";
import type { MutationFailure } from "../relay/mutation-failure.ts";
import { SaveFailureAlert } from "../ui/form/SaveFailureAlert.tsx";
import { useStaleEdit } from "../ui/form/useStaleEdit.ts";
import type { NassRow_nass$data } from "./__generated__/NassRow_nass.graphql";
import type { useSaveNassCodeMutationReloadQuery as ReloadQuery } from "./__generated__/useSaveNassCodeMutationReloadQuery.graphql";
import {
  NASS_SAVE_FAILED,
  nassReloadQuery,
  useCreateNassCodeMutation,
  useUpdateNassCodeMutation,
} from "./useSaveNassCodeMutation.ts";

const TEXT_FIELDS = [
  ["code", "Code"],
  ["region", "Region"],
  ["division", "Division"],
  ["fdbid", "FDB ID"],
  ["facilityName", "Facility Name"],
  ["street", "Street"],
  ["city", "City"],
  ["state", "State"],
  ["zip", "Zip"],
  ["typeCode", "Type Code"],
  ["subType", "Sub-Type"],
  ["facType", "Facility Type"],
  ["latitude", "Latitude"],
  ["longitude", "Longitude"],
  ["geofenceRadiusMeters", "Geofence radius (m)"],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];

const FIELD_HINTS: Partial<Record<TextKey, string>> = {
  latitude: "Empty: from the ZIP code",
  geofenceRadiusMeters: "Arrival distance for tracking; empty: 200 m",
};
type Draft = Record<TextKey, string> & { originating: boolean; destinating: boolean };

/** The facility's fields as the table's row or a reload reads them. */
type NassFields = Omit<NassRow_nass$data, " $fragmentType">;

function draftOf(nass: NassFields | null): Draft {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return {
    code: text(nass?.code),
    region: text(nass?.region),
    division: text(nass?.division),
    fdbid: text(nass?.fdbid),
    facilityName: text(nass?.facilityName),
    street: text(nass?.street),
    city: text(nass?.city),
    state: text(nass?.state),
    zip: text(nass?.zip),
    typeCode: text(nass?.typeCode),
    subType: text(nass?.subType),
    facType: text(nass?.facType),
    latitude: text(nass?.latitude),
    longitude: text(nass?.longitude),
    geofenceRadiusMeters: text(nass?.geofenceRadiusMeters),
    originating: nass?.originating ?? false,
    destinating: nass?.destinating ?? false,
  };
}

interface NassFormDialogProps {
  /** null: a new facility. */
  nass: NassRow_nass$data | null;
  open: boolean;
  onClose(): void;
  onSaved(message: string): void;
}

/** Add or edit one NASS facility; left-empty coordinates come from the ZIP code's centroid. */
export function NassFormDialog({ nass, open, onClose, onSaved }: NassFormDialogProps) {
  const fullScreen = useMediaQuery("(max-width:600px)");
  const [draft, setDraft] = useState(() => draftOf(nass));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  // The record the draft was read from (its version is what the save sends); a reload replaces it.
  const [source, setSource] = useState<NassFields | null>(nass);
  const environment = useRelayEnvironment();
  const [create, creating] = useCreateNassCodeMutation();
  const [update, updating] = useUpdateNassCodeMutation();
  const saving = creating || updating;
  const startFrom = useCallback((record: NassFields | null) => {
    setSource(record);
    setDraft(draftOf(record));
    setProblems({});
    setError(null);
  }, []);
  const staleEdit = useStaleEdit("NASS code", (done) => {
    if (!nass) {
      done(null);
      return;
    }
    fetchQuery<ReloadQuery>(environment, nassReloadQuery, { id: nass.id }, { fetchPolicy: "network-only" })
      .toPromise()
      .then((answer) => {
        const record = answer?.node;
        if (!record?.id) throw new Error("The NASS code is gone.");
        startFrom(record as NassFields);
        done(null);
      })
      .catch((failure: unknown) => done(failure instanceof Error ? failure : new Error(String(failure))));
  });
  const { clear } = staleEdit;
  useEffect(() => {
    if (open) {
      startFrom(nass);
      clear();
    }
  }, [open, nass, clear, startFrom]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.code.trim()) {
      setProblems({ code: NASS_CODE_REQUIRED });
      return;
    }
    const number = (text: string) => (text.trim() === "" ? null : Number(text));
    // Coordinates go only when typed; otherwise the server takes the ZIP centroid (or keeps them).
    const initial = draftOf(source);
    const typed =
      (draft.latitude !== initial.latitude || draft.longitude !== initial.longitude) &&
      draft.latitude.trim() !== "" &&
      draft.longitude.trim() !== "";
    const coordinates = typed ? { latitude: number(draft.latitude), longitude: number(draft.longitude) } : {};
    const radiusText = draft.geofenceRadiusMeters.trim();
    const radius = radiusText === "" ? null : Number(radiusText);
    if (
      radius !== null &&
      (!/^\d+$/.test(radiusText) ||
        radius < GEOFENCE_RADIUS_BOUNDS.min ||
        radius > GEOFENCE_RADIUS_BOUNDS.max)
    ) {
      setProblems({ geofenceRadiusMeters: GEOFENCE_RADIUS_MESSAGE });
      return;
    }
    const { latitude: _lat, longitude: _lng, geofenceRadiusMeters: _radius, ...texts } = draft;
    const fields = { ...texts, ...coordinates, geofenceRadiusMeters: radius };
    const onFailure = (failure: MutationFailure) => {
      setError((failure.kind === "http" && failure.message) || NASS_SAVE_FAILED);
      setProblems(failure.fields);
      staleEdit.noteFailure(failure);
    };
    staleEdit.clear();
    if (nass) {
      update(
        // The version the draft was read at: refused if someone (or an import) changed the code since.
        { input: { ...fields, id: nass.id, expectedVersion: source?.version } },
        { onSuccess: ({ nassCode }) => onSaved(`NASS code ${nassCode.code} saved.`), onFailure },
      );
    } else {
      create(
        { input: fields },
        { onSuccess: ({ nassCode }) => onSaved(`NASS code ${nassCode.code} added.`), onFailure },
      );
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="nass-form-title"
    >
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <DialogTitle id="nass-form-title">
          {nass ? `Edit NASS code ${nass.code}` : "Add NASS code"}
        </DialogTitle>
        <DialogContent>
          <SaveFailureAlert message={error} thing="NASS code" staleEdit={staleEdit} sx={{ mb: 2 }} />
          {source ? (
            <Typography variant="body2" color="text.secondary" data-testid="nass-time-zone">
              Time zone (from the coordinates): {source.timeZone ?? "none, the facility has no coordinates"}
            </Typography>
          ) : null}
          <Box
            sx={{
              display: "grid",
              gap: 2,
              pt: 1,
              gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "1fr 1fr 1fr" },
            }}
          >
            {TEXT_FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                label={label}
                size="small"
                required={key === "code"}
                value={draft[key]}
                onChange={(event) => {
                  setDraft({ ...draft, [key]: event.target.value });
                  setProblems((current) => ({ ...current, [key]: "" }));
                }}
                error={Boolean(problems[key])}
                helperText={problems[key] || FIELD_HINTS[key]}
                slotProps={{
                  htmlInput:
                    key === "latitude" || key === "longitude"
                      ? { inputMode: "decimal" }
                      : key === "geofenceRadiusMeters"
                        ? { inputMode: "numeric" }
                        : {},
                }}
              />
            ))}
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.originating}
                  onChange={(event) => setDraft({ ...draft, originating: event.target.checked })}
                />
              }
              label="Originating"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.destinating}
                  onChange={(event) => setDraft({ ...draft, destinating: event.target.checked })}
                />
              }
              label="Destinating"
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
