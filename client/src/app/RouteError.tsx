import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { useSession } from "./useSession.ts";

/** A screen failed to load or render: say so and offer a reload, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { token } = useSession();
  // The session just ended: the guard is taking the visitor to /login.
  if (!token && !isRouteErrorResponse(error)) return null;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unexpected error.";
  return (
    <Box role="alert" sx={{ p: 4, textAlign: "center" }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, wordBreak: "break-word" }}>
        {message}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
