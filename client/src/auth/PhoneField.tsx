import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import {
  DIAL_CODE,
  digitsOnly,
  MAX_NATIONAL_DIGITS,
  PHONE_COUNTRIES,
  type PhoneCountry,
} from "../lib/phone.ts";

interface PhoneFieldProps {
  country: PhoneCountry;
  digits: string;
  error?: string;
  onCountryChange(country: PhoneCountry): void;
  onDigitsChange(digits: string): void;
}

/** Spec: prefix +1, a US or CA choice, digits only. */
export function PhoneField({ country, digits, error, onCountryChange, onDigitsChange }: PhoneFieldProps) {
  return (
    <Box sx={{ display: "flex", gap: 1 }}>
      <TextField
        select
        label="Country"
        value={country}
        onChange={(event) => onCountryChange(event.target.value as PhoneCountry)}
        sx={{ width: 104, flexShrink: 0 }}
        fullWidth={false}
      >
        {PHONE_COUNTRIES.map((code) => (
          <MenuItem key={code} value={code}>
            {code}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Phone number"
        name="phone"
        autoComplete="tel-national"
        required
        value={digits}
        onChange={(event) => onDigitsChange(digitsOnly(event.target.value))}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: { inputMode: "numeric", pattern: "[0-9]*", maxLength: MAX_NATIONAL_DIGITS },
          input: { startAdornment: <InputAdornment position="start">{DIAL_CODE}</InputAdornment> },
        }}
      />
    </Box>
  );
}
