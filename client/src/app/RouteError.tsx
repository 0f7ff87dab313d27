import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Component, type ReactNode } from "react";
import { type Location, useLocation } from "react-router-dom";
import { useSession } from "./useSession.ts";

/** A screen failed to load or render: say so and offer a reload, instead of a blank page. */
export function RouteError({ error }: { error: unknown }) {
  const { token } = useSession();
  // The session just ended: the guard is taking the visitor to /login.
  if (!token) return null;
  const message = error instanceof Error ? error.message : "Unexpected error.";
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

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}
interface BoundaryState {
  location: Location;
  error: unknown;
}

/** Catches what its route throws; a navigation clears it (as React Router's route error boundaries). */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unexpected error.") };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.location === state.location ? null : { location: props.location, error: undefined };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** The error panel of one route (routes.tsx): what it renders, or RouteError if that throws. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return <RouteErrorBoundary location={useLocation()}>{children}</RouteErrorBoundary>;
}
