import { Component, type ReactNode } from "react";

interface ErrorBoundaryProps {
  children: ReactNode;
}

/** A screen that failed to load says so with a way to try again, instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="page">
        <h1>Something went wrong</h1>
        <p role="alert">
          {navigator.onLine ? this.state.error.message : "You are offline. Connect and try again."}
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </main>
    );
  }
}
