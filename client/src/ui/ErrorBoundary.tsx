import Box from "@mui/material/Box";
import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from "react";
import { warmable } from "./deferred.tsx";

// The panel (MUI's Alert) loads when a screen first fails, or once the first screen is idle
// (ui/deferred.tsx: warmed with the other deferred parts); until it is in, the text shows alone.
const ErrorPanel = lazy(
  warmable(() => import("./ErrorPanel.tsx").then((module) => ({ default: module.ErrorPanel }))),
);

interface ErrorBoundaryProps {
  /** The screen's failure text (spec section 8), e.g. 'No se pudieron obtener los carriers'. */
  message: string;
  /** Fetch again; the boundary shows its children once more. */
  onRetry?: () => void;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * The one boundary of every screen's query: a failed fetch shows the spec's text and a Retry button
 * instead of the whole route's error page.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn("Fetch failed:", error.message, info.componentStack ?? "");
  }

  /** Both in one update: the children come back with the new fetch already under way. */
  private readonly handleRetry = () => {
    this.setState({ failed: false });
    this.props.onRetry?.();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box sx={{ py: 2 }}>
        <Suspense fallback={<Box role="alert">{this.props.message}</Box>}>
          <ErrorPanel
            message={this.props.message}
            onRetry={this.props.onRetry ? this.handleRetry : undefined}
          />
        </Suspense>
      </Box>
    );
  }
}
