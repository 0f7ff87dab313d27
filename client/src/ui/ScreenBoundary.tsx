import { type ReactNode, Suspense, useState } from "react";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { Loading } from "./Loading.tsx";
import { ScreenShown } from "./screen-shown.tsx";

interface ScreenBoundaryProps {
  errorMessage: string;
  loadingLabel?: string;
  /** The screen, given the key of its fetch (`useLazyLoadQuery`'s `fetchKey`): a retry changes it. */
  children(fetchKey: number): ReactNode;
}

/** A screen that loads its own query: Suspense, and an error panel whose retry fetches again. */
export function ScreenBoundary({ errorMessage, loadingLabel, children }: ScreenBoundaryProps) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <ErrorBoundary message={errorMessage} onRetry={() => setFetchKey((key) => key + 1)}>
      <Suspense fallback={<Loading label={loadingLabel} />}>
        {children(fetchKey)}
        <ScreenShown />
      </Suspense>
    </ErrorBoundary>
  );
}
