import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import type { FuzzOperation } from "./schema-fuzz.ts";

export interface FuzzError {
  message: string;
  extensions?: Record<string, unknown>;
}

/** What one fuzzed operation got back, over HTTP or a socket, in one shape. */
export interface FuzzAnswer {
  /** HTTP status; 200 for a socket (its close code is `closeCode`). */
  status: number;
  /** The answer's text as received (JSON for HTTP, the socket's messages joined). */
  text: string;
  data: unknown[];
  errors: FuzzError[];
  closeCode?: number;
  /** Until the answer (HTTP) or until the socket was acknowledged. */
  ms: number;
}

/** One POST /graphql over a real socket, from `ip` as a trusted proxy forwards it. */
export async function overHttp(
  base: string,
  operation: FuzzOperation,
  token: string | undefined,
  ip: string,
  timeoutMs: number,
): Promise<FuzzAnswer> {
  const started = performance.now();
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [CSRF_HEADER]: "1",
      "x-forwarded-for": ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(operation),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: { data?: unknown; errors?: FuzzError[] } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the status and text tell the failure
  }
  return { status: response.status, text, data: body.data ? [body.data] : [], errors: body.errors ?? [], ms };
}

/** The close codes an attacker's socket may get: normal, going away, graphql-ws protocol refusals, session ends, floods. */
const EXPECTED_CLOSE = new Set([1000, 1001, 1013, 4205, 4400, 4401, 4403, 4406, 4409, 4429, 4499]);

export function unexpectedClose(code: number | undefined): boolean {
  return code !== undefined && !EXPECTED_CLOSE.has(code);
}

/**
 * One subscription over a real graphql-ws socket (connection_init carries the token), listened to
 * for `listenMs` after the server acknowledged it; what arrived in that time is the answer.
 */
export async function overSocket(
  base: string,
  operation: FuzzOperation,
  token: string | undefined,
  ip: string,
  listenMs: number,
  timeoutMs: number,
): Promise<FuzzAnswer> {
  const started = performance.now();
  const answer: FuzzAnswer = { status: 200, text: "", data: [], errors: [], ms: 0 };
  class ForwardedSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { "x-forwarded-for": ip } });
    }
  }
  let acknowledged: () => void = () => undefined;
  const acknowledgement = new Promise<void>((resolve) => {
    acknowledged = resolve;
  });
  const client = createClient({
    url: `${base.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: ForwardedSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    on: {
      connected: () => {
        answer.ms = performance.now() - started;
        acknowledged();
      },
      closed: (event) => {
        const code = (event as { code?: number }).code;
        if (code !== undefined && code !== 1000) {
          answer.closeCode = code;
          answer.text += ` closed ${code} ${(event as { reason?: string }).reason ?? ""}`;
        }
      },
    },
  });
  await new Promise<void>((resolve) => {
    const give = setTimeout(() => {
      answer.ms = performance.now() - started;
      resolve();
    }, timeoutMs);
    const finish = () => {
      clearTimeout(give);
      resolve();
    };
    client.subscribe(operation, {
      next: (value) => {
        answer.text += JSON.stringify(value);
        if (value.errors) answer.errors.push(...(value.errors as FuzzError[]));
        if (value.data) answer.data.push(value.data);
      },
      error: (error) => {
        if (Array.isArray(error)) answer.errors.push(...(error as FuzzError[]));
        answer.text += ` ${error instanceof Error ? error.message : Array.isArray(error) ? JSON.stringify(error) : ""}`;
        finish();
      },
      complete: finish,
    });
    acknowledgement.then(() => setTimeout(finish, listenMs));
  });
  await client.dispose();
  if (answer.ms === 0) answer.ms = performance.now() - started;
  return answer;
}

/** Subscriptions held open on one socket while the fuzz runs: what the server pushes to a role. */
export interface Listener {
  /** Every payload and error pushed so far. */
  pushed: { data: unknown[]; errors: FuzzError[]; text: string[] };
  closeCode(): number | undefined;
  close(): Promise<void>;
}

export async function listen(
  base: string,
  token: string,
  ip: string,
  operations: FuzzOperation[],
): Promise<Listener> {
  const pushed: Listener["pushed"] = { data: [], errors: [], text: [] };
  let closeCode: number | undefined;
  class ForwardedSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { "x-forwarded-for": ip } });
    }
  }
  let acknowledged: () => void = () => undefined;
  const acknowledgement = new Promise<void>((resolve) => {
    acknowledged = resolve;
  });
  const client = createClient({
    url: `${base.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: ForwardedSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    on: {
      connected: () => acknowledged(),
      closed: (event) => {
        closeCode = (event as { code?: number }).code;
        acknowledged();
      },
    },
  });
  const stops = operations.map((operation) =>
    client.subscribe(operation, {
      next: (value) => {
        pushed.text.push(JSON.stringify(value));
        if (value.errors) pushed.errors.push(...(value.errors as FuzzError[]));
        if (value.data) pushed.data.push(value.data);
      },
      error: (error) => {
        if (Array.isArray(error)) pushed.errors.push(...(error as FuzzError[]));
      },
      complete: () => undefined,
    }),
  );
  await acknowledgement;
  return {
    pushed,
    closeCode: () => closeCode,
    async close() {
      for (const stop of stops) stop();
      await client.dispose();
    },
  };
}
