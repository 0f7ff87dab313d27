import { createClient } from "graphql-ws";
import WebSocket from "ws";
import type { App } from "../../server/app.ts";
import { CSRF_HEADER } from "../../server/graphql/yoga.ts";
import { BASE } from "./app.ts";

export interface RawResult {
  status: number;
  text: string;
  ms: number;
}

/** A GraphQL POST whose body is sent as given (any shape, any size). */
export async function rawGraphQL(
  app: App,
  body: string,
  options: { token?: string; contentType?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<RawResult> {
  const started = performance.now();
  const response = await app.fetch(
    new Request(`${BASE}/graphql`, {
      method: "POST",
      headers: {
        "content-type": options.contentType ?? "application/json",
        [CSRF_HEADER]: "1",
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body,
    }),
    { ip: options.ip ?? "10.0.0.1" },
  );
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

export interface WsOutcome {
  errors: { message: string; extensions?: Record<string, unknown> }[];
  data: unknown[];
  /** The close code when the socket was closed on us. */
  closeCode?: number;
  ms: number;
}

/** Runs one operation over graphql-ws and collects what came back (errors, data or a close). */
export async function overWebSocket(
  baseUrl: string,
  query: string,
  options: { token?: string; variables?: Record<string, unknown>; timeoutMs?: number } = {},
): Promise<WsOutcome> {
  const started = performance.now();
  const outcome: WsOutcome = { errors: [], data: [], ms: 0 };
  const client = createClient({
    url: `${baseUrl.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: options.token ? { authorization: `Bearer ${options.token}` } : {},
    retryAttempts: 0,
    lazy: true,
    on: {
      closed: (event) => {
        const code = (event as { code?: number }).code;
        if (code !== 1000) outcome.closeCode = code;
      },
    },
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.timeoutMs ?? 5000);
    client.subscribe(
      { query, variables: options.variables },
      {
        next: (value) => {
          if (value.errors) outcome.errors.push(...(value.errors as WsOutcome["errors"]));
          if (value.data) outcome.data.push(value.data);
        },
        error: (error) => {
          if (Array.isArray(error)) outcome.errors.push(...(error as WsOutcome["errors"]));
          clearTimeout(timer);
          resolve();
        },
        complete: () => {
          clearTimeout(timer);
          resolve();
        },
      },
    );
  });
  await client.dispose();
  outcome.ms = performance.now() - started;
  return outcome;
}

/**
 * Nothing of the server's insides in an answer: no stack, file path, SQL or Prisma message. SQL
 * keywords count in capitals only: the spec's own 'Select the stream before upload.' is not SQL.
 */
export const LEAK =
  /\bat [\w$.<>]+ \(|node_modules|\/server\/|\.ts:\d+|[Pp][Rr][Ii][Ss][Mm][Aa]|SELECT |INSERT |UPDATE |[Ss][Qq][Ll][Ii][Tt][Ee]|[Pp][Oo][Ss][Tt][Gg][Rr][Ee]|P20\d\d/;

/** Fragments each spreading the next twice: 2^levels fields once expanded. */
export function doublingFragments(levels: number, leaf = "__typename"): string {
  const parts = ["query Q { ...F0 }"];
  for (let level = 0; level < levels; level++) {
    parts.push(`fragment F${level} on Query { ...F${level + 1} ...F${level + 1} }`);
  }
  parts.push(`fragment F${levels} on Query { ${leaf} }`);
  return parts.join("\n");
}
