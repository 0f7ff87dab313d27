import SearchOffIcon from "@mui/icons-material/SearchOff";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { homeFor, isSignedIn } from "../lib/paths.ts";
import { BrandMark } from "../ui/BrandMark.tsx";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";
import { useSession } from "./useSession.ts";

/** Any unknown address: the brand, what went wrong, and the way back. */
export default function NotFoundPage() {
  const state = useSession();
  const { pathname } = useLocation();
  useDocumentTitle("Page not found");
  const signedIn = isSignedIn(state);
  const home = signedIn ? homeFor(state.role) : "/";
  return (
    <Box
      sx={{ display: "grid", placeItems: "center", minHeight: { xs: "60vh", sm: "70vh" }, p: 2 }}
      data-testid="not-found"
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: "100%", textAlign: "center" }}
      >
        <BrandMark />
        <SearchOffIcon
          color="action"
          sx={{ fontSize: 64, display: "block", mx: "auto", mt: 3 }}
          aria-hidden
        />
        <Typography variant="overline" component="p" color="text.secondary" sx={{ mt: 1 }}>
          Error 404
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: "anywhere" }}>
          There is nothing at <code>{pathname}</code>. The link may be old or mistyped.
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ justifyContent: "center" }}>
          <Button component={RouterLink} to={home} variant="contained">
            {signedIn ? "Go to the start page" : "Go to the home page"}
          </Button>
          {signedIn ? null : (
            <Button component={RouterLink} to="/login" variant="outlined">
              Log in
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
