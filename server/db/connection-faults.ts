/**
 * The one answer to "did this fail because the database could not be reached or dropped us?":
 * such a failure is a 503 to retry, not a bug. It reads the shapes every layer gives the same
 * fault in: Node's socket errors, node-postgres' own errors, PostgreSQL's SQLSTATEs, the Prisma
 * driver adapters' `DriverAdapterError`, Prisma's `P1xxx` codes, better-sqlite3's busy and I/O errors
 * and our own stall watch's verdict, following `cause` chains.
 */

/** Thrown into the queries of a connection the stall watch found dead (db/stall-watch.ts). */
const UNREACHABLE_CODE = "DB_UNREACHABLE";

export class DatabaseUnreachableError extends Error {
  readonly code = UNREACHABLE_CODE;
  constructor(message = "The database stopped answering on this connection.") {
    super(message);
    this.name = "DatabaseUnreachableError";
  }
}

const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
]);

/**
 * PostgreSQL: class 08 (connection exception), 57P01-57P03 (the server is shutting down, crashed or
 * starting up) and 53300 (too many connections: try again in a moment too).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || ["57P01", "57P02", "57P03", "53300"].includes(code);
}

/**
 * Prisma: P1001 can't reach, P1002 timed out reaching, P1008 operation timed out (a socket
 * timeout, or SQLite busy past its timeout), P1017 connection closed, P2024 no pool connection in
 * time, P2037 too many connections.
 */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);

/** The Prisma driver adapters' `DriverAdapterError.cause.kind`s for the same faults. */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/** better-sqlite3's codes: a lock held past the busy timeout, a file that cannot be opened or read. */
const SQLITE_CODE = /^SQLITE_(BUSY|CANTOPEN|IOERR)/;

/** node-postgres throws these as plain Errors (no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout expired$/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

type Inspectable = {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  severity?: unknown;
  kind?: unknown;
  cause?: unknown;
  meta?: unknown;
};

function matchesOne(error: Inspectable): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  // Ours, also when Prisma re-threw it as its own error (it keeps the code, not the class).
  if (error instanceof DatabaseUnreachableError || code === UNREACHABLE_CODE) return true;
  // A socket's own failure (it names its syscall), not e.g. an HTTP client hanging up on us.
  if (SOCKET_CODES.has(code) && typeof error.syscall === "string") return true;
  if (PRISMA_CODES.has(code) || SQLITE_CODE.test(code)) return true;
  // A PostgreSQL error (from pg, or the adapter's `{kind: "postgres", code}`).
  if ((typeof error.severity === "string" || error.kind === "postgres") && isUnavailableSqlState(code))
    return true;
  if (typeof error.kind === "string" && ADAPTER_KINDS.has(error.kind)) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return !code && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/** Whether `error` (or what it wraps) means the database is down, unreachable or dropped the connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const inspectable = current as Inspectable;
    if (matchesOne(inspectable)) return true;
    pending.push(inspectable.cause);
    const meta = inspectable.meta as { driverAdapterError?: unknown } | undefined;
    if (meta && typeof meta === "object") pending.push(meta.driverAdapterError);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}
