import { type ReactNode, Suspense, useState } from "react";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";

interface ScreenBoundaryProps {
  errorMessage: string;
  loadingLabel: string;
  children(fetchKey: number): ReactNode;
}

/** Suspense and an error panel whose retry refetches from the network. */
export function ScreenBoundary({ errorMessage, loadingLabel, children }: ScreenBoundaryProps) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <ErrorBoundary message={errorMessage} onRetry={() => setFetchKey((key) => key + 1)}>
      <Suspense fallback={<Loading label={loadingLabel} />}>{children(fetchKey)}</Suspense>
    </ErrorBoundary>
  );
}
