import DensityMediumIcon from "@mui/icons-material/DensityMedium";
import DensitySmallIcon from "@mui/icons-material/DensitySmall";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { DeferredTooltip } from "../DeferredTooltip.tsx";
import type { Density } from "./table-prefs.ts";

interface DensityToggleProps {
  density: Density;
  onChange(density: Density): void;
}

/** Comfortable or compact rows (every list, remembered per user). */
export function DensityToggle({ density, onChange }: DensityToggleProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={density}
      aria-label="Row density"
      onChange={(_event, next: Density | null) => next && onChange(next)}
    >
      <DeferredTooltip title="Comfortable rows">
        <ToggleButton value="comfortable" aria-label="Comfortable rows" sx={{ py: 0.25 }}>
          <DensityMediumIcon fontSize="small" />
        </ToggleButton>
      </DeferredTooltip>
      <DeferredTooltip title="Compact rows">
        <ToggleButton value="compact" aria-label="Compact rows" sx={{ py: 0.25 }}>
          <DensitySmallIcon fontSize="small" />
        </ToggleButton>
      </DeferredTooltip>
    </ToggleButtonGroup>
  );
}
