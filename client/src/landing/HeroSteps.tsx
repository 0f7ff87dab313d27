import GavelIcon from "@mui/icons-material/Gavel";
import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import PinDropIcon from "@mui/icons-material/PinDrop";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { HERO_STEPS } from "./content.ts";

const ICONS = [LocalShippingIcon, GavelIcon, PinDropIcon, ReceiptLongIcon];

/** The hero's right half: how a load moves through the platform, in four steps. */
export function HeroSteps() {
  return (
    <Paper
      component="ol"
      aria-label="How it works"
      data-testid="hero-steps"
      elevation={0}
      sx={{
        m: 0,
        p: { xs: 2.5, sm: 3 },
        listStyle: "none",
        display: "grid",
        gap: 2.5,
        color: "common.white",
        bgcolor: "rgba(255, 255, 255, 0.08)",
        border: 1,
        borderColor: "rgba(255, 255, 255, 0.24)",
        borderRadius: 3,
      }}
    >
      {HERO_STEPS.map((step, index) => {
        const Icon = ICONS[index % ICONS.length];
        return (
          <Box component="li" key={step.title} sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 44,
                height: 44,
                borderRadius: "50%",
                display: "grid",
                placeItems: "center",
                bgcolor: "secondary.main",
              }}
            >
              <Icon />
            </Box>
            <Box>
              <Typography component="p" sx={{ fontWeight: 700 }}>
                {`${index + 1}. ${step.title}`}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.9 }}>
                {step.text}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}
