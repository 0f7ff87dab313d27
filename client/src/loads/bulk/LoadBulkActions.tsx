import CancelIcon from "@mui/icons-material/Cancel";
import DownloadIcon from "@mui/icons-material/Download";
import GavelIcon from "@mui/icons-material/Gavel";
import RouteIcon from "@mui/icons-material/Route";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { DEFAULT_EQUIPMENT_TYPE, DEFAULT_ROUND_MINUTES, EQUIPMENT_TYPES } from "../../../../common/offers.ts";
import { normalizeRouteNumber, ROUTE_NUMBER_REQUIRED } from "../../../../common/routing.ts";
import { equipmentEnumOf } from "../../offers/offer-lists.ts";
import { useStartOfferMutation } from "../../offers/useStartOfferMutation.ts";
import { useUpdateLoadMutation } from "../useUpdateLoadMutation.ts";
import { BulkDialog } from "./BulkDialog.tsx";
import { type BulkOutcome, outcomeOf, runEach, type SelectedLoad } from "./bulk-run.ts";
import { exportLoadsCsv } from "./export-csv.ts";
import { useAddLoadsToRouteMutation } from "./useAddLoadsToRouteMutation.ts";

type Action = "bidding" | "route" | "cancel";

interface LoadBulkActionsProps {
  selected: readonly SelectedLoad[];
  onClear(): void;
  /** After an action: reload the list, keep only the loads it refused selected. */
  onFinished(outcome: BulkOutcome): void;
  onMessage(text: string, severity: "success" | "error"): void;
}

/** The load list's bar over the selected loads: Start bidding, Add to route, Cancel and Export. */
export function LoadBulkActions({ selected, onClear, onFinished, onMessage }: LoadBulkActionsProps) {
  const [action, setAction] = useState<Action | null>(null);
  // The loads an open dialog acts on, as they were when it opened (the selection moves on after).
  const [acting, setActing] = useState<readonly SelectedLoad[]>([]);
  const open = (next: Action) => {
    setActing(selected);
    setAction(next);
  };
  const [minutes, setMinutes] = useState(String(DEFAULT_ROUND_MINUTES));
  const [equipment, setEquipment] = useState<string>(DEFAULT_EQUIPMENT_TYPE);
  const [routeNumber, setRouteNumber] = useState("");
  const [startOffer] = useStartOfferMutation();
  const [updateLoad] = useUpdateLoadMutation();
  const [addToRoute] = useAddLoadsToRouteMutation();
  const close = () => setAction(null);

  const startBidding = (onProgress: (finished: number) => void) =>
    runEach(
      acting,
      (load) =>
        outcomeOf((handlers) =>
          startOffer(
            {
              input: {
                loadId: load.loadId,
                roundMinutes: Number(minutes),
                equipmentType: equipmentEnumOf(equipment),
                targetRate: null,
              },
            },
            handlers,
          ),
        ),
      onProgress,
    );
  const cancel = (onProgress: (finished: number) => void) =>
    runEach(
      selected,
      (load) =>
        outcomeOf((handlers) => updateLoad({ input: { id: load.id, status: "cancelled" } }, handlers)),
      onProgress,
    );
  // One mutation for every load: the route changes once (one version, one audit row).
  const addAll = async (onProgress: (finished: number) => void): Promise<BulkOutcome> => {
    const failure = await outcomeOf((handlers) =>
      addToRoute(
        {
          input: {
            routeNumber: normalizeRouteNumber(routeNumber),
            loadIds: selected.map((load) => load.loadId),
          },
        },
        handlers,
      ),
    );
    onProgress(acting.length);
    return failure === null
      ? { done: acting.map((load) => load.loadId), failed: [] }
      : { done: [], failed: [{ loadId: `Route ${normalizeRouteNumber(routeNumber)}`, message: failure }] };
  };
  const handleExport = () =>
    exportLoadsCsv(selected).then(
      () => onMessage(`Exported ${selected.length} ${selected.length === 1 ? "load" : "loads"}.`, "success"),
      () => onMessage("The export could not be made.", "error"),
    );

  const common = { loads: acting, onClose: close, onFinished };
  return (
    <>
      {selected.length > 0 ? (
        <Box
          role="toolbar"
          aria-label="Selected loads"
          sx={{
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            gap: 1,
            px: 2,
            py: 1,
            // A plain background: the buttons' colours keep their contrast (WCAG AA) on it.
            bgcolor: "background.paper",
            borderBottom: 1,
            borderColor: "divider",
            boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.primary.main}`,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} role="status">
            {selected.length} selected
          </Typography>
          <Button size="small" startIcon={<GavelIcon />} onClick={() => open("bidding")}>
            Start bidding
          </Button>
          <Button size="small" startIcon={<RouteIcon />} onClick={() => open("route")}>
            Add to route
          </Button>
          <Button size="small" color="error" startIcon={<CancelIcon />} onClick={() => open("cancel")}>
            Cancel
          </Button>
          <Button size="small" startIcon={<DownloadIcon />} onClick={handleExport}>
            Export
          </Button>
          <Button size="small" onClick={onClear} sx={{ ml: "auto" }}>
            Clear selection
          </Button>
        </Box>
      ) : null}
      <BulkDialog
        {...common}
        open={action === "bidding"}
        title="Start bidding"
        action="Start bidding"
        did="Bidding started on"
        check={() => {
          const value = Number(minutes);
          return Number.isInteger(value) && value >= 1
            ? null
            : "Round length must be a whole number of minutes";
        }}
        run={startBidding}
      >
        <Stack spacing={2} direction={{ xs: "column", sm: "row" }}>
          <TextField
            label="Round length (minutes)"
            type="number"
            size="small"
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <TextField
            select
            label="Equipment"
            size="small"
            value={equipment}
            onChange={(event) => setEquipment(event.target.value)}
            sx={{ minWidth: 180 }}
          >
            {EQUIPMENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </BulkDialog>
      <BulkDialog
        {...common}
        open={action === "route"}
        title="Add to route"
        action="Add to route"
        did="Added to the route:"
        check={() => (normalizeRouteNumber(routeNumber) ? null : ROUTE_NUMBER_REQUIRED)}
        run={addAll}
      >
        <TextField
          label="Route number"
          size="small"
          fullWidth
          value={routeNumber}
          onChange={(event) => setRouteNumber(event.target.value)}
          helperText="An existing route keeps its loads and gets these; a new number creates the route. Loads on other routes move to it."
        />
      </BulkDialog>
      <BulkDialog
        {...common}
        open={action === "cancel"}
        title="Cancel loads"
        action="Cancel loads"
        did="Cancelled"
        destructive
        run={cancel}
      >
        <Typography>Their status becomes Cancelled. Each one can be changed back on its load.</Typography>
      </BulkDialog>
    </>
  );
}
