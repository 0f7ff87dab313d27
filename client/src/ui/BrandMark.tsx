import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

interface BrandMarkProps {
  inverted?: boolean;
}

export function BrandMark({ inverted = false }: BrandMarkProps) {
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      <LocalShippingIcon sx={{ color: inverted ? "secondary.light" : "secondary.main" }} aria-hidden />
      <Typography
        component="span"
        variant="h6"
        sx={{ fontWeight: 800, letterSpacing: 0.3, color: inverted ? "common.white" : "primary.main" }}
      >
        Freightway
      </Typography>
    </Box>
  );
}
