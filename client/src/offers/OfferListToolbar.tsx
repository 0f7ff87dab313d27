import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { EQUIPMENT_TYPES, US_STATES } from "../../../common/offers.ts";
import type { OfferListCriteria } from "./useListCriteria.ts";

interface OfferListToolbarProps {
  criteria: OfferListCriteria;
  sorts: readonly { value: string; label: string }[];
  showStates?: boolean;
  onChange(changes: Partial<OfferListCriteria>): void;
}

type EquipmentEnum = "DRY_VAN" | "FLATBED" | "HEAVY_HAUL" | "REFRIGERATED" | "HIGH_VALUE" | "INTERMODAL";

const EQUIPMENT_VALUES = Object.fromEntries(
  EQUIPMENT_TYPES.map((type) => [type, type.toUpperCase().replace(/[^A-Z]/g, "_") as EquipmentEnum]),
) as Record<string, EquipmentEnum>;

/** 'Dry Van' -> DRY_VAN (the GraphQL enum), or null for any. */
export const equipmentEnumOf = (label: string): EquipmentEnum | null => EQUIPMENT_VALUES[label] ?? null;

/** Search (load id or city, as you type), origin/destination state, equipment and sort. */
export function OfferListToolbar({ criteria, sorts, showStates = true, onChange }: OfferListToolbarProps) {
  const [search, setSearch] = useState(criteria.search);
  useEffect(() => {
    if (search === criteria.search) return;
    const timer = window.setTimeout(() => onChange({ search: search.trim() }), 350);
    return () => window.clearTimeout(timer);
  }, [search, criteria.search, onChange]);
  const stateOptions = [{ code: "", name: "Any" }, ...US_STATES.map(([code, name]) => ({ code, name }))];
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
      <TextField
        size="small"
        label="Search"
        placeholder="Load ID or city"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") onChange({ search: search.trim() });
        }}
        sx={{ minWidth: 200, flex: "1 1 200px" }}
      />
      {showStates ? (
        <>
          <TextField
            select
            size="small"
            label="Origin state"
            value={criteria.originState}
            onChange={(event) => onChange({ originState: event.target.value })}
            sx={{ minWidth: 140 }}
          >
            {stateOptions.map((option) => (
              <MenuItem key={option.code || "any"} value={option.code}>
                {option.code ? `${option.code} — ${option.name}` : option.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Destination state"
            value={criteria.destinationState}
            onChange={(event) => onChange({ destinationState: event.target.value })}
            sx={{ minWidth: 160 }}
          >
            {stateOptions.map((option) => (
              <MenuItem key={option.code || "any"} value={option.code}>
                {option.code ? `${option.code} — ${option.name}` : option.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Equipment"
            value={criteria.equipmentType}
            onChange={(event) => onChange({ equipmentType: event.target.value })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">Any</MenuItem>
            {EQUIPMENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : null}
      <TextField
        select
        size="small"
        label="Sort"
        value={criteria.sort}
        onChange={(event) => onChange({ sort: event.target.value })}
        sx={{ minWidth: 190 }}
      >
        {sorts.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
