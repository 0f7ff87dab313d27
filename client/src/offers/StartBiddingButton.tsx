import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { DEFAULT_EQUIPMENT_TYPE, DEFAULT_ROUND_MINUTES, EQUIPMENT_TYPES } from "../../../common/offers.ts";
import { biddersPath } from "./AdminOfferRow.tsx";
import { failureText } from "./failure-text.ts";
import { equipmentEnumOf } from "./offer-lists.ts";
import { useStartOfferMutation } from "./useStartOfferMutation.ts";

interface StartBiddingButtonProps {
  loadId: string;
}

/** 'Start bidding' on the load detail: round length (default 30 min), equipment, optional target rate. */
export function StartBiddingButton({ loadId }: StartBiddingButtonProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState(String(DEFAULT_ROUND_MINUTES));
  const [equipment, setEquipment] = useState<string>(DEFAULT_EQUIPMENT_TYPE);
  const [target, setTarget] = useState("");
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
    setFailure(null);
    start(
      {
        input: {
          loadId,
          roundMinutes,
          equipmentType: equipmentEnumOf(equipment),
          targetRate: target.trim() ? Number(target) : null,
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
