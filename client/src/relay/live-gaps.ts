/** What the live connection tells the environment. */
export interface LiveEvents {
  /** Back after a gap in which pushed events may have been lost. */
  resumedAfterGap(): void;
  /** The socket is open and acknowledged (every time, the first one included). */
  connected(): void;
  /** The socket closed, for whatever reason. */
  closed(): void;
  /**
   * The server closed the socket because the session may be over (4401: it ended or the token is
   * no good; 4403: the account was disabled). The socket's close reason is short and not always the
   * whole story, so the environment asks over HTTP, whose answer ends the session with its message.
   */
  refused(): void;
  /** The server's `sessionEnded` notice: this session was ended elsewhere, and why. */
  sessionEnded(message: string): void;
}

/** graphql-ws' Unauthorized and Forbidden close codes, as the server uses them (socket-sessions.ts). */
const REFUSED_CODES = new Set([4401, 4403]);

/** Whether a close event is the server refusing this session's socket. */
export function isRefusedClose(event: unknown): boolean {
  const code = (event as { code?: unknown } | null)?.code;
  return typeof code === "number" && REFUSED_CODES.has(code);
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
