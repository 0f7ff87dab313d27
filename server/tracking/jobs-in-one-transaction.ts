import type { Db } from "../db/client.ts";
import type { Outcome } from "../db/group-commit.ts";
import { DomainError } from "../errors.ts";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Jobs in one Prisma transaction, in order. A job's domain error (not found, forbidden) fails
 * only that job: it is raised before the job writes. Any other failure rolls the transaction back
 * and its jobs run again one transaction each, so one bad job cannot fail the others.
 */
export async function inOneTransaction<Job, Result>(
  db: Db,
  work: (tx: Tx, job: Job) => Promise<Result>,
  jobs: Job[],
): Promise<Outcome<Result>[]> {
  try {
    return await db.$transaction(
      async (tx) => {
        const outcomes: Outcome<Result>[] = [];
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, value: await work(tx, job) });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            outcomes.push({ ok: false, error });
          }
        }
        return outcomes;
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  } catch (error) {
    if (jobs.length === 1) return [{ ok: false, error }];
    const outcomes: Outcome<Result>[] = [];
    for (const job of jobs) outcomes.push(...(await inOneTransaction(db, work, [job])));
    return outcomes;
  }
}
