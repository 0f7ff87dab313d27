import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

/**
 * SQLite's LIKE has no escape character unless a statement names one, PostgreSQL's escapes with a
 * backslash by default. Prisma writes its `contains`/`startsWith`/`endsWith` filters as
 * `"column" LIKE ?` without an ESCAPE clause, so on SQLite no wildcard in a search could be
 * matched literally. This gives every `LIKE ?` Prisma sends over the SQLite connection
 * `ESCAPE '\'`: both databases then read `\%`, `\_` and `\\` (contains-text.ts' likeLiteral) the
 * same way. Patterns without a backslash (every other LIKE) mean what they meant.
 */
const BARE_LIKE = / LIKE \?(?! ESCAPE)/g;

export function withLikeEscape(sql: string): string {
  return sql.includes(" LIKE ?") ? sql.replace(BARE_LIKE, " LIKE ? ESCAPE '\\'") : sql;
}

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Queries = Pick<Adapter, "queryRaw" | "executeRaw">;

function escapingLikes<Target extends Queries>(target: Target): Target {
  const queryRaw = target.queryRaw.bind(target);
  const executeRaw = target.executeRaw.bind(target);
  target.queryRaw = (query) => queryRaw({ ...query, sql: withLikeEscape(query.sql) });
  target.executeRaw = (query) => executeRaw({ ...query, sql: withLikeEscape(query.sql) });
  return target;
}

/** The adapter factory, its connections and their transactions sending LIKEs with `ESCAPE '\'`. */
export function sqliteLikeEscapes(factory: PrismaBetterSQLite3): PrismaBetterSQLite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = escapingLikes(await connect());
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) =>
      escapingLikes(await startTransaction(isolationLevel));
    return adapter;
  };
  return factory;
}
