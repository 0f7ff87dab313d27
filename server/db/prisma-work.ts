import { type PrismaTx, postgresParam, type SqlOp, type SqlWork, sqliteParams } from "./bulk.ts";
import { queryBuilder, type Store } from "./kysely.ts";
import { decodeSqliteRows } from "./kysely-values.ts";
import type { DbProvider } from "./url.ts";

/**
 * Runs a store's write work inside a Prisma transaction, for the few flows where the same
 * transaction also calls other domains' services (`callService`): the statements are the ones
 * the driver's transactions run (server/db/writer.ts), not a Prisma copy of them.
 */
export async function runInPrisma<Result>(
  tx: PrismaTx,
  provider: DbProvider,
  work: (db: Store) => SqlWork<Result>,
): Promise<Result> {
  const generator = work(queryBuilder(provider));
  let step = generator.next();
  while (!step.done) {
    step = generator.next(await runOp(tx, provider, step.value));
  }
  return step.value;
}

async function runOp(tx: PrismaTx, provider: DbProvider, op: SqlOp): Promise<unknown> {
  if (op.kind === "call") return op.call(tx);
  if (op.kind === "copy") throw new Error("COPY runs on the driver's connection only.");
  if (!op.compiled) throw new Error("Only the builder's statements run in a Prisma transaction.");
  // Parameters are written the way the column holds them, as the driver's transactions do
  // (SQLite: DateTime as text with "+00:00"; PostgreSQL: timestamp(3) as UTC text).
  const params = provider === "sqlite" ? sqliteParams(op.params) : op.params.map(postgresParam);
  if (op.kind === "run") return tx.$executeRawUnsafe(op.sql, ...params);
  const rows = await tx.$queryRawUnsafe<unknown[]>(op.sql, ...params);
  return provider === "sqlite" ? decodeSqliteRows(op.sql, rows) : rows;
}

/** Inside `runInPrisma`'s work: another domain's service, in the same transaction. */
export function* callService<Result>(call: (tx: PrismaTx) => Promise<Result>): SqlWork<Result> {
  return (yield { kind: "call", call }) as Result;
}

/**
 * Waits, inside the transaction, until no other transaction holds the lock `key` (released at
 * commit): a PostgreSQL advisory lock. SQLite runs one write transaction at a time already.
 */
export async function holdTransactionLock(tx: PrismaTx, provider: DbProvider, key: number): Promise<void> {
  if (provider === "postgresql")
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${Math.trunc(key)})`);
}
