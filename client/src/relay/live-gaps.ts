/** What the live connection tells the environment. */
export interface LiveEvents {
  /** Back after a gap in which pushed events may have been lost. */
  resumedAfterGap(): void;
  /** The socket is open and acknowledged (every time, the first one included). */
  connected(): void;
  /** The socket closed, for whatever reason. */
  closed(): void;
}

/** graphql-ws' lazy close when the last subscription ends: nothing was listening, nothing was missed. */
const NORMAL_CLOSURE = 1000;

/**
 * Tells when the live connection is back after a gap in which pushed events may have been lost:
 * the server closed it (4205: Redis was unreachable; 1001/1012: a restart or a rolling deploy),
 * the network dropped it, or the server could not be reached for a while. The first connection,
 * and one reopened after the client itself closed it (no subscription left), are no gap.
 */
export function createGapDetector(onResumedAfterGap: () => void) {
  let everConnected = false;
  let gap = false;
  return {
    connected() {
      const resumed = gap;
      everConnected = true;
      gap = false;
      if (resumed) onResumedAfterGap();
    },
    closed(event: unknown) {
      const code = (event as { code?: unknown } | null)?.code;
      if (everConnected && code !== NORMAL_CLOSURE) gap = true;
    },
  };
}
