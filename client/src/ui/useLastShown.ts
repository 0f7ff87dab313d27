import { useState } from "react";

/**
 * The last value that was not null: what a snackbar or dialog keeps showing while it fades out
 * after its value turned null (else it would shrink to an empty box on its way out).
 */
export function useLastShown<T>(value: T | null): T | null {
  const [shown, setShown] = useState(value);
  if (value !== null && value !== shown) setShown(value);
  return shown;
}
