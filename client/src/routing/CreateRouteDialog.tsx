import AutorenewIcon from "@mui/icons-material/Autorenew";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type FormEvent, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import {
  CREATE_ROUTE_FAILED,
  LOADS_REQUIRED,
  normalizeRouteNumber,
  ROUTE_NUMBER_REQUIRED,
} from "../../../common/routing.ts";
import type { CreateRouteDialogNumberQuery } from "./__generated__/CreateRouteDialogNumberQuery.graphql";
import { LoadPicker, type PickedLoad } from "./LoadPicker.tsx";
import { createdRouteMessage, useCreateRouteMutation } from "./useCreateRouteMutation.ts";

const numberQuery = graphql`
  query CreateRouteDialogNumberQuery {
    suggestedRouteNumber
  }
`;

interface CreateRouteDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(message: string): void;
}

/** 'Crear Nueva Ruta': a typed or generated route number and the loads it groups. */
export function CreateRouteDialog({ open, onClose, onCreated }: CreateRouteDialogProps) {
  const environment = useRelayEnvironment();
  const fullScreen = useMediaQuery("(max-width:600px)");
  const [routeNumber, setRouteNumber] = useState("");
  const [loads, setLoads] = useState<PickedLoad[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [create, creating] = useCreateRouteMutation();
  const number = normalizeRouteNumber(routeNumber);
  const ready = number !== "" && loads.length > 0;

  const reset = () => {
    setRouteNumber("");
    setLoads([]);
    setError(null);
  };
  const handleClose = () => {
    if (creating) return;
    reset();
    onClose();
  };
  const handleGenerate = () => {
    setGenerating(true);
    fetchQuery<CreateRouteDialogNumberQuery>(
      environment,
      numberQuery,
      {},
      { fetchPolicy: "network-only" },
    ).subscribe({
      next: (data) => {
        setRouteNumber(data.suggestedRouteNumber);
        setGenerating(false);
      },
      error: () => {
        setError("The route number could not be generated.");
        setGenerating(false);
      },
    });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || creating) return;
    setError(null);
    create(
      { input: { routeNumber: number, loadIds: loads.map((load) => load.loadId) } },
      {
        onSuccess: (data) => {
          reset();
          onCreated(createdRouteMessage(data));
        },
        // Spec section 8: the server's message, else 'Hubo un error al crear la ruta.'.
        onFailure: (failure) => setError((failure.kind === "http" && failure.message) || CREATE_ROUTE_FAILED),
      },
    );
  };
  const moving = loads.filter((load) => load.routeNumber && load.routeNumber !== number);

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="create-route-title"
    >
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <DialogTitle id="create-route-title">Crear Nueva Ruta</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
              <TextField
                label="Route Number"
                size="small"
                fullWidth
                value={routeNumber}
                onChange={(event) => setRouteNumber(event.target.value)}
                slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: "characters" } }}
                autoFocus
              />
              <Button
                variant="outlined"
                startIcon={<AutorenewIcon />}
                onClick={handleGenerate}
                disabled={generating}
                sx={{ whiteSpace: "nowrap" }}
              >
                Generate
              </Button>
            </Box>
            {number === "" ? (
              <Alert severity="info" data-testid="route-number-required">
                {ROUTE_NUMBER_REQUIRED}
              </Alert>
            ) : null}
            <LoadPicker selected={loads} onChange={setLoads} />
            {loads.length === 0 ? (
              <Alert severity="info" data-testid="loads-required">
                {LOADS_REQUIRED}
              </Alert>
            ) : null}
            {moving.length > 0 ? (
              <Typography variant="body2" color="warning.dark">
                {`Moves from their current route: ${moving.map((load) => `${load.loadId} (${load.routeNumber})`).join(", ")}.`}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!ready || creating}>
            {creating ? "Creating..." : "Create Route"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
