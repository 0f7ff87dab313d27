import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from "react";
import { NEAR_MILES_CHOICES } from "../../../common/offer-board.ts";
import { EQUIPMENT_TYPES, US_STATES } from "../../../common/offers.ts";
import { useAfterFirstScreen } from "../app/layout/useAfterFirstScreen.ts";
import { DEFAULT_NEAR_MILES, type OfferFilters } from "./offer-lists.ts";

// MUI's Autocomplete loads once the first screen is up, or at once when the user goes for the box.
const NearCityField = lazy(() =>
  import("./NearCityField.tsx").then((module) => ({ default: module.NearCityField })),
);

interface NearCityProps {
  value: string;
  onChange(value: string): void;
}

/**
 * A plain box of the same look until NearCityField's code is in; the swap runs in a transition, so
 * the box stays until the picker can show, and a focused box hands its focus over.
 */
function NearCitySlot({ value, onChange }: NearCityProps) {
  const slot = useRef<HTMLDivElement>(null);
  const afterFirstScreen = useAfterFirstScreen();
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (afterFirstScreen || wanted) startTransition(() => setLoaded(true));
  }, [afterFirstScreen, wanted]);
  const standIn = (
    <TextField
      size="small"
      label="Near city"
      value={value}
      onFocus={() => setWanted(true)}
      slotProps={{ htmlInput: { readOnly: true } }}
      sx={{ minWidth: 200 }}
    />
  );
  const input = slot.current?.querySelector("input");
  return (
    <div ref={slot} style={{ display: "contents" }}>
      <Suspense fallback={standIn}>
        {loaded ? (
          <NearCityField
            value={value}
            onChange={onChange}
            autoFocus={input !== undefined && input !== null && input === document.activeElement}
          />
        ) : (
          standIn
        )}
      </Suspense>
    </div>
  );
}

interface OfferFilterFieldsProps {
  filters: OfferFilters;
  onChange(filters: OfferFilters): void;
}

const STATE_OPTIONS = [{ code: "", name: "Any" }, ...US_STATES.map(([code, name]) => ({ code, name }))];

/**
 * The active-offer lists' filters, shown in the toolbar: origin and destination state, equipment,
 * and a pickup within N miles of a city picked from the list.
 */
export function OfferFilterFields({ filters, onChange }: OfferFilterFieldsProps) {
  const states = (key: "originState" | "destinationState", label: string, minWidth: number) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key]}
      onChange={(event) => onChange({ ...filters, [key]: event.target.value })}
      sx={{ minWidth }}
      fullWidth={false}
    >
      {STATE_OPTIONS.map((option) => (
        <MenuItem key={option.code || "any"} value={option.code}>
          {option.code ? `${option.code} — ${option.name}` : option.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {states("originState", "Origin state", 140)}
      {states("destinationState", "Destination state", 160)}
      <TextField
        select
        size="small"
        label="Equipment"
        value={filters.equipmentType}
        onChange={(event) => onChange({ ...filters, equipmentType: event.target.value })}
        sx={{ minWidth: 150 }}
        fullWidth={false}
      >
        <MenuItem value="">Any</MenuItem>
        {EQUIPMENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <NearCitySlot value={filters.nearCity} onChange={(nearCity) => onChange({ ...filters, nearCity })} />
      <TextField
        select
        size="small"
        label="Within"
        value={filters.withinMiles || String(DEFAULT_NEAR_MILES)}
        onChange={(event) => onChange({ ...filters, withinMiles: event.target.value })}
        sx={{ minWidth: 120 }}
        fullWidth={false}
      >
        {NEAR_MILES_CHOICES.map((miles) => (
          <MenuItem key={miles} value={String(miles)}>
            {miles} miles
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
