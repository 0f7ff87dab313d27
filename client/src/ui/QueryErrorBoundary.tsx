import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorPanel } from "./ErrorPanel.tsx";

interface QueryErrorBoundaryProps {
  /** The screen's own failure text (the spec's fetch failure messages). */
  message: string;
  onRetry?: () => void;
  children: ReactNode;
}

interface QueryErrorBoundaryState {
  failed: boolean;
}

/** A screen's data could not be fetched: its failure text and a retry, instead of the whole route's error page. */
export class QueryErrorBoundary extends Component<QueryErrorBoundaryProps, QueryErrorBoundaryState> {
  override state: QueryErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): QueryErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn("Fetch failed:", error.message, info.componentStack ?? "");
  }

  private handleRetry = () => {
    this.setState({ failed: false });
    this.props.onRetry?.();
  };

  override render() {
    if (this.state.failed) {
      return (
        <ErrorPanel
          message={this.props.message}
          onRetry={this.props.onRetry ? this.handleRetry : undefined}
        />
      );
    }
    return this.props.children;
  }
}
