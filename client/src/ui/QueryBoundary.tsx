import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { Loading } from "./Loading.tsx";
import { ScreenShown } from "./screen-shown.tsx";

interface QueryBoundaryProps<Ref> {
  /** The screen's loaded query; null until its first load starts. */
  queryRef: Ref | null | undefined;
  /** The screen's failure text (spec section 8). */
  message: string;
  onRetry(): void;
  /** A change starts the screen afresh: another record, or a retry's new attempt. */
  resetKey?: string | number;
  /** What the spinner says ('Loading carriers...'). */
  loadingLabel?: string;
  children(queryRef: Ref): ReactNode;
}

/** A screen's query while it loads (a spinner) and when it fails (the spec's text and Retry). */
export function QueryBoundary<Ref>({
  queryRef,
  message,
  onRetry,
  resetKey,
  loadingLabel,
  children,
}: QueryBoundaryProps<Ref>) {
  const loading = <Loading label={loadingLabel} />;
  return (
    <ErrorBoundary key={resetKey} message={message} onRetry={onRetry}>
      <Suspense fallback={loading}>
        {queryRef ? (
          <>
            {children(queryRef)}
            <ScreenShown />
          </>
        ) : (
          loading
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
