import Database from "better-sqlite3";
import pg from "pg";

/**
 * Counts SQL statements where they reach the database drivers (better-sqlite3 statement runs,
 * pg client queries), whoever sends them: Prisma's adapters and the hand-written reads alike.
 * Process-wide while active; `stop` puts the drivers back.
 */
export function countDriverStatements() {
  const statements: string[] = [];
  const probe = new Database(":memory:");
  const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, unknown>;
  probe.close();
  const clientProto = pg.Client.prototype as unknown as Record<string, unknown>;
  const restores: (() => void)[] = [];

  function wrap(
    target: Record<string, unknown>,
    name: string,
    describe: (self: unknown, args: unknown[]) => string,
  ) {
    const original = target[name] as (...args: unknown[]) => unknown;
    target[name] = function (this: unknown, ...args: unknown[]) {
      statements.push(describe(this, args));
      return original.apply(this, args);
    };
    restores.push(() => {
      target[name] = original;
    });
  }
  for (const method of ["all", "get", "run", "iterate"]) {
    wrap(statementProto, method, (self) => (self as { source: string }).source);
  }
  wrap(clientProto, "query", (_self, args) => {
    const first = args[0] as string | { text?: string };
    return typeof first === "string" ? first : (first?.text ?? "?");
  });
  return {
    statements,
    reset() {
      statements.length = 0;
    },
    stop() {
      for (const restore of restores.reverse()) restore();
    },
  };
}
