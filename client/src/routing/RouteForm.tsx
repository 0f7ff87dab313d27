import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useMemo, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../lib/dates.ts";
import type { StopRow } from "../loads/load-form.ts";
import { StopsEditor } from "../loads/StopsEditor.tsx";
import { SaveFailureAlert } from "../ui/form/SaveFailureAlert.tsx";
import { useStaleEdit } from "../ui/form/useStaleEdit.ts";
import { useToast } from "../ui/Toast.tsx";
import type { RouteForm_route$data, RouteForm_route$key } from "./__generated__/RouteForm_route.graphql";
import type { RouteFormRefetchQuery } from "./__generated__/RouteFormRefetchQuery.graphql";
import { type DriverOption, DriverPicker } from "./DriverPicker.tsx";
import { LoadPicker, type PickedLoad } from "./LoadPicker.tsx";
import { type MapStop, RouteMap } from "./RouteMap.tsx";
import { bySequence, problemsFromServer, type RouteFormProblems, routeFormProblems } from "./route-form.ts";
import { ROUTE_SAVE_FAILED, useUpdateRouteMutation } from "./useUpdateRouteMutation.ts";

const DASH = "—";

interface FormLoad {
  loadId: string;
  pickupDate: string | null;
  deliveryDate: string | null;
}

function stopsOf(route: RouteForm_route$data): StopRow[] {
  return route.stops.map((stop) => ({
    key: stop.id,
    sequence: String(stop.sequence),
    type: stop.type as StopRow["type"],
    nass: stop.nass
      ? {
          id: stop.nass.id,
          code: stop.nass.code,
          facilityName: stop.nass.facilityName,
          city: stop.nass.city,
          state: stop.nass.state,
        }
      : null,
  }));
}

function driverOf(route: RouteForm_route$data): DriverOption | null {
  const user = route.assignedUser;
  return user
    ? { userId: user.userId, name: user.fullName || user.email, carrierName: route.carrierName ?? null }
    : null;
}

function ReadOnly({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <TextField
      label={label}
      size="small"
      value={value ?? DASH}
      slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
      variant="filled"
    />
  );
}

interface RouteFormProps {
  route: RouteForm_route$key;
  /** The route was fetched again after a refused save: the page starts the form over from it. */
  onReloaded?(): void;
}

/** The route page's form: driver, assigned loads, stops by sequence; derived fields read-only. */
export function RouteForm({ route, onReloaded }: RouteFormProps) {
  const [data, refetch] = useRefetchableFragment<RouteFormRefetchQuery, RouteForm_route$key>(
    graphql`
      fragment RouteForm_route on Route @refetchable(queryName: "RouteFormRefetchQuery") {
        id
        version
        routeNumber
        carrierName
        assignedUser {
          userId
          fullName
          email
        }
        loads {
          id
          loadId
          pickupDate
          deliveryDate
        }
        stops {
          id
          sequence
          type
          nass {
            id
            code
            facilityName
            city
            state
            latitude
            longitude
          }
        }
        pickupNassCode
        pickupDate
        deliveryNassCode
        deliveryDate
      }
    `,
    route,
  );
  const [driver, setDriver] = useState(() => driverOf(data));
  const [stops, setStops] = useState(() => stopsOf(data));
  const [loads, setLoads] = useState<FormLoad[]>(() =>
    data.loads.map((load) => ({
      loadId: load.loadId,
      pickupDate: load.pickupDate ?? null,
      deliveryDate: load.deliveryDate ?? null,
    })),
  );
  const [problems, setProblems] = useState<RouteFormProblems>({});
  const [error, setError] = useState<string | null>(null);
  // The version the form's driver, loads and stops were read at (a colleague's change pushed into
  // the store meanwhile does not move it); a save moves it to the saved route's.
  const [baseVersion, setBaseVersion] = useState(data.version);
  const staleEdit = useStaleEdit(
    "route",
    (done) => refetch({}, { fetchPolicy: "network-only", onComplete: done }),
    onReloaded,
  );
  const { notify, toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<PickedLoad[]>([]);
  const [save, saving] = useUpdateRouteMutation();

  const mapStops = useMemo(
    () =>
      data.stops.flatMap((stop): MapStop[] =>
        stop.nass &&
        stop.nass.latitude !== null &&
        stop.nass.latitude !== undefined &&
        stop.nass.longitude != null
          ? [
              {
                key: stop.id,
                sequence: stop.sequence,
                type: stop.type,
                code: stop.nass.code,
                facilityName: stop.nass.facilityName ?? null,
                lat: stop.nass.latitude,
                lng: stop.nass.longitude,
              },
            ]
          : [],
      ),
    [data.stops],
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const ordered = bySequence(stops);
    const loadIds = loads.map((load) => load.loadId);
    const found = routeFormProblems(ordered, loadIds);
    setStops(ordered);
    setProblems(found);
    setError(null);
    staleEdit.clear();
    if (Object.keys(found).length > 0) return;
    save(
      {
        input: {
          routeNumber: data.routeNumber,
          expectedVersion: baseVersion,
          driver: driver?.userId ?? null,
          stops: ordered.map((stop) => ({
            sequence: Number(stop.sequence),
            type: stop.type,
            nass: stop.nass!.id,
          })),
          loadIds,
        },
      },
      {
        onSuccess: ({ route: saved, movedLoads }) => {
          setBaseVersion(saved.version);
          const movedText = movedLoads.length
            ? ` Moved from other routes: ${movedLoads.map((load) => `${load.loadId} (from ${load.fromRouteNumber})`).join(", ")}.`
            : "";
          notify(`Route ${data.routeNumber} saved.${movedText}`);
        },
        onFailure: (failure) => {
          setError((failure.kind === "http" && failure.message) || ROUTE_SAVE_FAILED);
          staleEdit.noteFailure(failure);
          setProblems(problemsFromServer(failure.problems));
        },
      },
    );
  };

  const handleAddLoads = () => {
    const known = new Set(loads.map((load) => load.loadId));
    setLoads([
      ...loads,
      ...picked
        .filter((load) => !known.has(load.loadId))
        .map((load) => ({ loadId: load.loadId, pickupDate: null, deliveryDate: null })),
    ]);
    setProblems((current) => ({ ...current, assignedLoads: "" }));
    setPicked([]);
    setAdding(false);
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate sx={{ display: "grid", gap: 2 }}>
      <SaveFailureAlert message={error} thing="route" staleEdit={staleEdit} />
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" },
        }}
      >
        <ReadOnly label="Route Number" value={data.routeNumber} />
        <ReadOnly label="Carrier" value={data.carrierName} />
        <DriverPicker value={driver} error={problems.assignedUserKey} onChange={setDriver} />
        <ReadOnly label="Pickup NASS" value={data.pickupNassCode} />
        <ReadOnly label="Pickup Date" value={formatDateTime(data.pickupDate)} />
        <Box sx={{ display: { xs: "none", md: "block" } }} />
        <ReadOnly label="Delivery NASS" value={data.deliveryNassCode} />
        <ReadOnly label="Delivery Date" value={formatDateTime(data.deliveryDate)} />
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
          <Typography variant="h6" component="h3">
            Assigned loads
          </Typography>
          <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add loads
          </Button>
        </Box>
        {problems.assignedLoads ? (
          <Typography color="error" variant="body2" role="alert">
            {problems.assignedLoads}
          </Typography>
        ) : null}
        {loads.length === 0 ? (
          <Typography color="text.secondary">No loads on this route.</Typography>
        ) : (
          <List dense aria-label="Assigned loads" disablePadding>
            {loads.map((load) => (
              <ListItem
                key={load.loadId}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove load ${load.loadId}`}
                    onClick={() => setLoads(loads.filter((item) => item.loadId !== load.loadId))}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={
                    <Link
                      component={RouterLink}
                      to={`/admin/ila/load/${encodeURIComponent(load.loadId)}`}
                      sx={{ fontWeight: 600 }}
                    >
                      {load.loadId}
                    </Link>
                  }
                  secondary={`Pickup ${formatDateTime(load.pickupDate) ?? DASH} · Delivery ${formatDateTime(load.deliveryDate) ?? DASH}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <StopsEditor stops={stops} problems={problems} onChange={setStops} />
      </Paper>

      <RouteMap stops={mapStops} />

      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? "Saving..." : "Save changes"}
        </Button>
      </Box>

      <Dialog
        open={adding}
        onClose={() => setAdding(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="add-loads-title"
      >
        <DialogTitle id="add-loads-title">Add loads to route {data.routeNumber}</DialogTitle>
        <DialogContent>
          <LoadPicker selected={picked} onChange={setPicked} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(false)}>Cancel</Button>
          <Button variant="contained" disabled={picked.length === 0} onClick={handleAddLoads}>
            Add
          </Button>
        </DialogActions>
      </Dialog>
      {toast}
    </Box>
  );
}
