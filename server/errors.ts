import { SESSION_ENDED_MESSAGE } from "../common/session-messages.ts";
import { isDatabaseUnavailable } from "./db/connection-faults.ts";
import { moduleLogger } from "./ops/logger.ts";

/** Expected failures of the domain. One translator maps them to HTTP statuses and GraphQL errors. */
export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "SESSION_ENDED"
  /** A driver's trip link is wrong, expired or revoked (common/driver.ts). */
  | "TRIP_LINK_INVALID"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "DATABASE_UNAVAILABLE";

export interface FieldError {
  field: string;
  message: string;
}

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  SESSION_ENDED: 401,
  TRIP_LINK_INVALID: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  DATABASE_UNAVAILABLE: 503,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = "DomainError";
  }

  get status(): number {
    return STATUS[this.code];
  }

  /** The session behind the request is gone: the client must drop its credentials. */
  get logout(): boolean {
    return this.code === "SESSION_ENDED";
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields: FieldError[] = []) {
    super("VALIDATION", message, fields);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = "Not found") {
    super("NOT_FOUND", message);
  }
}

/** What `read` answers, or null when it fails with NotFoundError: for queries that answer null for a missing thing. */
export async function nullWhenNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, field?: string) {
    super("CONFLICT", message, field ? [{ field, message }] : []);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "You are not allowed to do this.") {
    super("FORBIDDEN", message);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = "Authentication required") {
    super("UNAUTHENTICATED", message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string) {
    super("RATE_LIMITED", message);
  }
}

export class SessionEndedError extends DomainError {
  constructor(message = SESSION_ENDED_MESSAGE) {
    super("SESSION_ENDED", message);
  }
}

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable. Try again in a moment.";

/** Seconds a client is told to wait (Retry-After) before trying again after a database fault. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database is down, unreachable or dropped the connection (db/connection-faults.ts): retry later. */
export class DatabaseUnavailableError extends DomainError {
  constructor() {
    super("DATABASE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE);
  }
}

/**
 * The expected failure behind `error`, if it is one: a domain error as it is, a database fault as
 * DatabaseUnavailableError; null for anything else (a bug: masked as "Unexpected error.").
 */
export function expectedError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (!isDatabaseUnavailable(error)) return null;
  noteDatabaseFault(error);
  return new DatabaseUnavailableError();
}

const log = moduleLogger("db");
/** One line per interval while requests fail on the database, with how many did. */
const FAULT_LOG_INTERVAL_MS = 10_000;
let faultsSinceLog = 0;
let lastFaultLog = 0;

function noteDatabaseFault(error: unknown): void {
  faultsSinceLog++;
  const now = Date.now();
  if (now - lastFaultLog < FAULT_LOG_INTERVAL_MS) return;
  log.warn(
    { failures: faultsSinceLog, reason: error instanceof Error ? error.message : String(error) },
    "the database is unavailable: answering 503",
  );
  faultsSinceLog = 0;
  lastFaultLog = now;
}

/** The headers a failed call answers with besides its body. */
export function errorHeaders(error: DomainError): Record<string, string> {
  return error.code === "DATABASE_UNAVAILABLE" ? { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } : {};
}

/** The JSON body every failed REST call answers with. */
export function errorBody(error: DomainError): Record<string, unknown> {
  return {
    message: error.message,
    error: error.message,
    code: error.code,
    ...(error.fields.length > 0 ? { errors: error.fields } : {}),
    ...(error.logout ? { logout: true } : {}),
  };
}
