import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, Suspense, useState } from "react";
import { useNavigate } from "react-router-dom";
import { AWARD_MESSAGES, type AwardMode } from "../../../common/award.ts";
import { DEFAULT_EQUIPMENT_TYPE, DEFAULT_ROUND_MINUTES, EQUIPMENT_TYPES } from "../../../common/offers.ts";
import { LoadLaneRates } from "../scorecards/LoadLaneRates.tsx";
import { biddersPath } from "./AdminOfferRow.tsx";
import { failureText } from "./failure-text.ts";
import { equipmentEnumOf } from "./offer-lists.ts";
import { useStartOfferMutation } from "./useStartOfferMutation.ts";
import { type WaterfallCarrier, WaterfallCarrierPicker } from "./WaterfallCarrierPicker.tsx";

const AWARD_MODE_LABELS: Record<AwardMode, string> = {
  none: "None: I pick the winner",
  auto: "Auto-award under a ceiling",
  waterfall: "Waterfall: one carrier at a time",
};

interface StartBiddingButtonProps {
  loadId: string;
}

/**
 * 'Start bidding' on the load detail: round length (default 30 min), equipment, optional target rate
 * and optional Book Now price.
 */
export function StartBiddingButton({ loadId }: StartBiddingButtonProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState(String(DEFAULT_ROUND_MINUTES));
  const [equipment, setEquipment] = useState<string>(DEFAULT_EQUIPMENT_TYPE);
  const [target, setTarget] = useState("");
  const [bookNow, setBookNow] = useState("");
  const [mode, setMode] = useState<AwardMode>("none");
  const [ceiling, setCeiling] = useState("");
  const [maxRounds, setMaxRounds] = useState("2");
  const [carriers, setCarriers] = useState<WaterfallCarrier[]>([]);
  const [turnMinutes, setTurnMinutes] = useState("15");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [start, starting] = useStartOfferMutation();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const roundMinutes = Number(minutes);
    if (!Number.isInteger(roundMinutes) || roundMinutes < 1) {
      setErrors({ roundMinutes: "Round length must be a whole number of minutes" });
      return;
    }
    if (mode === "auto" && !ceiling.trim()) {
      setErrors({ ceiling: AWARD_MESSAGES.ceilingRequired });
      return;
    }
    if (mode === "waterfall" && !target.trim()) {
      setErrors({ targetRate: AWARD_MESSAGES.targetRequired });
      return;
    }
    const awardRules =
      mode === "auto"
        ? { mode, ceiling: Number(ceiling), maxRounds: Number(maxRounds) }
        : mode === "waterfall"
          ? {
              mode,
              carrierIds: carriers.map((carrier) => carrier.id),
              minutesPerCarrier: Number(turnMinutes),
            }
          : null;
    setFailure(null);
    start(
      {
        input: {
          loadId,
          roundMinutes,
          equipmentType: equipmentEnumOf(equipment),
          targetRate: target.trim() ? Number(target) : null,
          bookNowPrice: bookNow.trim() ? Number(bookNow) : null,
          awardRules,
        },
      },
      {
        onSuccess: (data) => navigate(biddersPath(data.offer.loadId)),
        onFailure: (problem) => {
          setErrors(problem.fields);
          setFailure(failureText(problem));
        },
      },
    );
  };
  return (
    <>
      <Button variant="contained" color="secondary" onClick={() => setOpen(true)}>
        Start bidding
      </Button>
      <Dialog
        open={open}
        onClose={starting ? undefined : () => setOpen(false)}
        aria-labelledby="start-bidding-title"
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={handleSubmit} noValidate>
          <DialogTitle id="start-bidding-title">Start bidding on load {loadId}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Eligible carriers are notified at once; the round closes on the server's clock.
            </DialogContentText>
            {open ? (
              <Box sx={{ mb: 2 }}>
                <LoadLaneRates loadId={loadId} />
              </Box>
            ) : null}
            <Stack spacing={2}>
              <TextField
                label="Round length (minutes)"
                type="number"
                value={minutes}
                onChange={(event) => setMinutes(event.target.value)}
                error={Boolean(errors.roundMinutes)}
                helperText={errors.roundMinutes ?? " "}
                slotProps={{ htmlInput: { min: 1, max: 10080 } }}
              />
              <TextField
                select
                label="Equipment type"
                value={equipment}
                onChange={(event) => setEquipment(event.target.value)}
              >
                {EQUIPMENT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Target rate (optional, $)"
                type="number"
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                error={Boolean(errors.targetRate)}
                helperText={errors.targetRate ?? "Not shown to carriers"}
                slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
              />
              <TextField
                label="Book Now price (optional, $)"
                type="number"
                value={bookNow}
                onChange={(event) => setBookNow(event.target.value)}
                error={Boolean(errors.bookNowPrice)}
                helperText={
                  errors.bookNowPrice ?? "A carrier may book the load at this price and win at once"
                }
                slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
              />
              <TextField
                select
                label="Award rules"
                value={mode}
                onChange={(event) => setMode(event.target.value as AwardMode)}
              >
                {(Object.keys(AWARD_MODE_LABELS) as AwardMode[]).map((value) => (
                  <MenuItem key={value} value={value}>
                    {AWARD_MODE_LABELS[value]}
                  </MenuItem>
                ))}
              </TextField>
              {mode === "auto" ? (
                <>
                  <TextField
                    label="Ceiling ($)"
                    type="number"
                    value={ceiling}
                    onChange={(event) => setCeiling(event.target.value)}
                    error={Boolean(errors.ceiling ?? errors["awardRules.ceiling"])}
                    helperText={
                      errors.ceiling ??
                      errors["awardRules.ceiling"] ??
                      "The best bid at or under it wins at round close"
                    }
                    slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
                  />
                  <TextField
                    label="Max rounds"
                    type="number"
                    value={maxRounds}
                    onChange={(event) => setMaxRounds(event.target.value)}
                    error={Boolean(errors["awardRules.maxRounds"])}
                    helperText={errors["awardRules.maxRounds"] ?? "Then the operators are told to decide"}
                    slotProps={{ htmlInput: { min: 1, max: 10 } }}
                  />
                </>
              ) : null}
              {mode === "waterfall" ? (
                <>
                  <Suspense
                    fallback={<TextField label="Carrier order" disabled helperText="Loading carriers..." />}
                  >
                    <WaterfallCarrierPicker
                      value={carriers}
                      onChange={setCarriers}
                      error={errors["awardRules.carrierIds"]}
                    />
                  </Suspense>
                  <TextField
                    label="Minutes per carrier"
                    type="number"
                    value={turnMinutes}
                    onChange={(event) => setTurnMinutes(event.target.value)}
                    error={Boolean(errors["awardRules.minutesPerCarrier"])}
                    helperText={
                      errors["awardRules.minutesPerCarrier"] ??
                      "Offered at the target rate before opening to all"
                    }
                    slotProps={{ htmlInput: { min: 1, max: 1440 } }}
                  />
                </>
              ) : null}
            </Stack>
            {failure ? (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={starting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={starting}>
              {starting ? "Starting..." : "Start bidding"}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
