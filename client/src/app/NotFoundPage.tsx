import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { homeFor, isSignedIn } from "../lib/paths.ts";
import { useSession } from "./useSession.ts";

export default function NotFoundPage() {
  const state = useSession();
  const home = isSignedIn(state) ? homeFor(state.role) : "/";
  return (
    <Box sx={{ p: 4, textAlign: "center" }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        There is nothing at this address.
      </Typography>
      <Button component={RouterLink} to={home} variant="contained">
        Go to the start page
      </Button>
    </Box>
  );
}
