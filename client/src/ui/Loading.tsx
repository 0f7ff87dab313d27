import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

interface LoadingProps {
  /** The spec's text while authentication loads; screens may say what they load. */
  label?: string;
  fullScreen?: boolean;
}

export function Loading({ label = "Cargando...", fullScreen = false }: LoadingProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        gap: 2,
        py: 6,
        minHeight: fullScreen ? "100vh" : undefined,
      }}
    >
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
