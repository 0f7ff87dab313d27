import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Snackbar from "@mui/material/Snackbar";
import TextField from "@mui/material/TextField";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type FormEvent, useState } from "react";
import { inlineFailureText, requestFailureText } from "../lib/request-errors.ts";
import { focusFirstInvalid } from "../ui/focus.ts";
import {
  CARRIER_TEXTS,
  CARRIER_TYPES,
  EMPTY_NEW_CARRIER,
  isCarrierKind,
  type NewCarrierField,
  type NewCarrierValues,
  newCarrierFieldOfServer,
  newCarrierProblems,
  type Problems,
} from "./carrier-rules.ts";
import { useCreateCarrierMutation } from "./useCreateCarrierMutation.ts";

export interface CreatedCarrier {
  carrierId: string;
  carrierName: string;
}

interface AddCarrierDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(carrier: CreatedCarrier): void;
}

const TEXT_FIELDS: readonly {
  name: Exclude<NewCarrierField, "type">;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "email";
}[] = [
  { name: "carrierName", label: "Carrier Name", autoComplete: "organization" },
  { name: "dotNumber", label: "DOT #", inputMode: "numeric" },
  { name: "mcNumber", label: "MC #" },
  { name: "contact", label: "Contact", autoComplete: "name" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email" },
];

/** The 'Add Carrier' modal. Its parent remounts it after each close, which resets fields and errors. */
export function AddCarrierDialog({ open, onClose, onCreated }: AddCarrierDialogProps) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const [create, isCreating] = useCreateCarrierMutation();
  const [values, setValues] = useState<NewCarrierValues>(EMPTY_NEW_CARRIER);
  const [fieldErrors, setFieldErrors] = useState<Problems<NewCarrierField>>({});
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const handleChange = (name: NewCarrierField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors(({ [name]: _cleared, ...rest }) => rest);
    // The refusal was about what the user is now changing: it no longer holds.
    setInlineError(null);
    setAlert(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setInlineError(null);
    const problems = newCarrierProblems(values);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    create(
      { input: values },
      {
        onSuccess: ({ carrier }) => onCreated(carrier),
        onFailure: (failure) => {
          const placed: Problems<NewCarrierField> = {};
          for (const [field, message] of Object.entries(failure.fields)) {
            const name = newCarrierFieldOfServer(field);
            if (name) placed[name] = message;
          }
          setFieldErrors(placed);
          // A refusal about a field shows once, at that field; only one with no field goes inline.
          setInlineError(
            Object.keys(placed).length > 0
              ? null
              : inlineFailureText(failure, CARRIER_TEXTS.createInlineFallback),
          );
          setAlert(requestFailureText(failure, CARRIER_TEXTS.createConflict));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={isCreating ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="add-carrier-title"
    >
      <Box component="form" noValidate onSubmit={handleSubmit} aria-labelledby="add-carrier-title">
        <DialogTitle id="add-carrier-title">{CARRIER_TEXTS.addCarrierTitle}</DialogTitle>
        <DialogContent>
          {inlineError ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="add-carrier-error">
              {inlineError}
            </Alert>
          ) : null}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {TEXT_FIELDS.slice(0, 3).map((field, index) => (
              <Grid key={field.name} size={{ xs: 12, sm: index === 0 ? 12 : 6 }}>
                <TextField
                  name={field.name}
                  label={field.label}
                  required
                  autoFocus={index === 0}
                  autoComplete={field.autoComplete ?? "off"}
                  value={values[field.name]}
                  onChange={(event) => handleChange(field.name, event.target.value)}
                  error={Boolean(fieldErrors[field.name])}
                  helperText={fieldErrors[field.name]}
                  slotProps={{ htmlInput: { inputMode: field.inputMode, maxLength: 120 } }}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                name="type"
                label="Type"
                value={values.type}
                onChange={(event) =>
                  isCarrierKind(event.target.value) && handleChange("type", event.target.value)
                }
                error={Boolean(fieldErrors.type)}
                helperText={fieldErrors.type}
              >
                {CARRIER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {TEXT_FIELDS.slice(3).map((field) => (
              <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
                <TextField
                  name={field.name}
                  label={field.label}
                  type={field.type ?? "text"}
                  required
                  autoComplete={field.autoComplete}
                  value={values[field.name]}
                  onChange={(event) => handleChange(field.name, event.target.value)}
                  error={Boolean(fieldErrors[field.name])}
                  helperText={fieldErrors[field.name]}
                  slotProps={{ htmlInput: { inputMode: field.inputMode, maxLength: 254 } }}
                />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isCreating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isCreating}>
            {isCreating ? "Saving…" : "Add Carrier"}
          </Button>
        </DialogActions>
      </Box>
      <Snackbar
        open={alert !== null}
        autoHideDuration={8000}
        onClose={() => setAlert(null)}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert
          severity="error"
          variant="filled"
          onClose={() => setAlert(null)}
          data-testid="add-carrier-alert"
        >
          {alert}
        </Alert>
      </Snackbar>
    </Dialog>
  );
}
