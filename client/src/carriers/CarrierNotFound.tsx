import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { ErrorPanel } from "../ui/ErrorPanel.tsx";
import { CARRIER_TEXTS } from "./carrier-rules.ts";

/** A carrier screen whose carrier id matches none: the failure and what to do about it. */
export function CarrierNotFound({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ErrorPanel message={CARRIER_TEXTS.carrierFetchFailed} />
      <Typography color="text.secondary">{children}</Typography>
    </Box>
  );
}
