import Box from "@mui/material/Box";
import { Component, type ReactNode } from "react";
import { ErrorPanel } from "./ErrorPanel.tsx";

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
 * A query that failed shows the spec's text and a Retry button instead of the whole route's error
 * page (React itself logs the error).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  private readonly handleRetry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box sx={{ py: 2 }}>
        <ErrorPanel
          message={this.props.message}
          onRetry={this.props.onRetry ? this.handleRetry : undefined}
        />
      </Box>
    );
  }
}
