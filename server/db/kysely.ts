import {
  type Compilable,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { DB } from "../generated/kysely/types.ts";
import type { SqlOp, SqlWork } from "./bulk.ts";
import type { SqlReader } from "./reader.ts";
import type { SqlValue } from "./sql.ts";
import type { DbProvider } from "./url.ts";

/**
 * The stores' typed query builder (Kysely over the row types prisma-kysely generates from
 * prisma/schema.prisma). It only builds and compiles; statements run on the connections the app
 * already keeps: reads on the reader's (server/db/reader.ts: better-sqlite3 with its prepared
 * statements, or the PostgreSQL reader pool with named statements), writes inside the writer's
 * transactions (server/db/writer.ts: SQLite's synchronous BEGIN IMMEDIATE body, the PostgreSQL
 * writer pool). Both map SQLite's text dates and 0/1 booleans to Date and boolean
 * (kysely-values.ts), so the row types hold on both databases.
 */
export type { DB };
export type Store = Kysely<DB>;

function dialect(provider: DbProvider, driver: () => Driver): Dialect {
  return provider === "postgresql"
    ? {
        createAdapter: () => new PostgresAdapter(),
        createDriver: driver,
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      }
    : {
        createAdapter: () => new SqliteAdapter(),
        createDriver: driver,
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      };
}

const builders = new Map<DbProvider, Store>();

/** A builder that only compiles (for write work, which the writer runs). */
export function queryBuilder(provider: DbProvider): Store {
  let builder = builders.get(provider);
  if (!builder) {
    builder = new Kysely<DB>({ dialect: dialect(provider, () => new DummyDriver()) });
    builders.set(provider, builder);
  }
  return builder;
}

export function providerOfStore(db: Store): DbProvider {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgresql" : "sqlite";
}

const READS_ONLY = "The reader's store only reads: write inside SqlWriter.transaction.";

/** Runs each compiled statement through the reader (reads only: no transactions here). */
class ReaderDriver implements Driver {
  readonly #connection: DatabaseConnection;

  constructor(reader: SqlReader) {
    this.#connection = {
      async executeQuery<Row>(query: {
        sql: string;
        parameters: readonly unknown[];
      }): Promise<QueryResult<Row>> {
        const rows = await reader.all<Row>({
          sql: query.sql,
          params: query.parameters as SqlValue[],
          compiled: true,
        });
        return { rows };
      },
      streamQuery() {
        throw new Error("The reader's store does not stream.");
      },
    };
  }
  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error(READS_ONLY);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(READS_ONLY);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(READS_ONLY);
  }
  async releaseConnection() {}
  /** The reader is closed with the app (deps.sql.close). */
  async destroy() {}
}

const readerStores = new WeakMap<SqlReader, Store>();

/** The store that reads through `reader`'s connection(s); one per reader. */
export function readStore(reader: SqlReader): Store {
  let store = readerStores.get(reader);
  if (!store) {
    store = new Kysely<DB>({ dialect: dialect(reader.provider, () => new ReaderDriver(reader)) });
    readerStores.set(reader, store);
  }
  return store;
}

/** `query` compiled for the reader's `rows` (arrays of values, for pages read on every request). */
export function compiledFragment(query: Compilable<unknown>) {
  const { sql, parameters } = query.compile();
  return { sql, params: parameters as SqlValue[], compiled: true };
}

/** Inside a write transaction: the rows of a select, or of a write with RETURNING. */
export function* rowsOf<Row>(query: Compilable<Row>): SqlWork<Row[]> {
  const op: SqlOp = { kind: "all", ...compiledFragment(query) };
  return (yield op) as Row[];
}

/** Inside a write transaction: runs a write, answers how many rows it changed. */
export function* execute(query: Compilable<unknown>): SqlWork<number> {
  const op: SqlOp = { kind: "run", ...compiledFragment(query) };
  return (yield op) as number;
}
