import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DatabaseUnreachableError, isDatabaseUnavailable } from "./connection-faults.ts";

/** A real refused connection: a port that was just free. */
async function refusedConnectionError(): Promise<Error> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return new Promise((resolve) => connect(port, "127.0.0.1").once("error", resolve));
}

/** A real SQLITE_BUSY: another connection holds the write lock and this one does not wait. */
function sqliteBusyError(): unknown {
  const dir = mkdtempSync(join(tmpdir(), "freightway-busy-"));
  const holder = new Database(join(dir, "busy.db"));
  const other = new Database(join(dir, "busy.db"));
  try {
    holder.exec("CREATE TABLE t (x INTEGER)");
    other.pragma("busy_timeout = 0");
    holder.exec("BEGIN IMMEDIATE");
    try {
      other.exec("BEGIN IMMEDIATE");
    } catch (error) {
      return error;
    }
    throw new Error("the second writer was not refused");
  } finally {
    holder.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("isDatabaseUnavailable", () => {
  it("recognises a refused socket, and not a client that hung up on an HTTP request", async () => {
    expect(isDatabaseUnavailable(await refusedConnectionError())).toBe(true);
    const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    expect(isDatabaseUnavailable(aborted)).toBe(false);
  });

  it("recognises SQLite's busy database, not its constraint errors", () => {
    expect(isDatabaseUnavailable(sqliteBusyError())).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("UNIQUE"), { code: "SQLITE_CONSTRAINT_UNIQUE" })),
    ).toBe(false);
  });

  it("recognises PostgreSQL's connection, shutdown and start-up states, not ordinary errors", () => {
    const pgError = (code: string) => Object.assign(new Error(code), { code, severity: "FATAL" });
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001", "53300"]) {
      expect(isDatabaseUnavailable(pgError(code))).toBe(true);
    }
    for (const code of ["23505", "40001", "42P01", "57014"])
      expect(isDatabaseUnavailable(pgError(code))).toBe(false);
  });

  it("sees through the driver adapter's and Prisma's wrappings", () => {
    const adapterError = (cause: Record<string, unknown>) =>
      Object.assign(new Error("adapter"), { name: "DriverAdapterError", cause });
    expect(isDatabaseUnavailable(adapterError({ kind: "postgres", code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(adapterError({ kind: "DatabaseNotReachable" }))).toBe(true);
    expect(isDatabaseUnavailable(adapterError({ kind: "UniqueConstraintViolation" }))).toBe(false);
    const prisma = (code: string, meta: Record<string, unknown> = {}) =>
      Object.assign(new Error(code), { name: "PrismaClientKnownRequestError", code, meta });
    for (const code of ["P1001", "P1002", "P1008", "P1017", "P2024"])
      expect(isDatabaseUnavailable(prisma(code))).toBe(true);
    expect(isDatabaseUnavailable(prisma("P2002"))).toBe(false);
    expect(
      isDatabaseUnavailable(
        prisma("P2010", { driverAdapterError: adapterError({ kind: "ConnectionClosed" }) }),
      ),
    ).toBe(true);
    // Prisma re-throws our stall watch's error under its own class, keeping the code.
    expect(isDatabaseUnavailable(prisma(new DatabaseUnreachableError().code))).toBe(true);
  });

  it("recognises node-postgres' own errors, also as the cause of another", () => {
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: new Error("timeout expired") }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Unexpected token in JSON"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
