import type { Db } from "../db/client.ts";
import { DomainError } from "../errors.ts";

/**
 * Group commit: work submitted while a transaction is running waits and then shares the next
 * one, so a burst of position batches from many trucks costs one commit (one fsync) instead of
 * one each. Each job runs in submission order (sorted by `key`, stably, so one route's batches
 * keep their order and routes are locked in one order). A job's domain error (not found,
 * forbidden) fails only that job: it is raised before the job writes. Any other failure rolls
 * the group back and its jobs run again one transaction each, so one bad job cannot fail others.
 */
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

interface Pending<Job, Result> {
  job: Job;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<Job> {
  /** Largest number of jobs sharing one transaction. */
  maxJobs: number;
  /** Transactions running at once (1 for SQLite: it has one writer). */
  parallel: number;
  key(job: Job): string;
}

export function createGroupCommit<Job, Result>(
  db: Db,
  work: (tx: Tx, job: Job) => Promise<Result>,
  options: GroupCommitOptions<Job>,
) {
  const queue: Pending<Job, Result>[] = [];
  let running = 0;

  async function runGroup(group: Pending<Job, Result>[]): Promise<void> {
    const outcomes: (() => void)[] = [];
    try {
      await db.$transaction(
        async (tx) => {
          for (const pending of group) {
            try {
              const result = await work(tx, pending.job);
              outcomes.push(() => pending.resolve(result));
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              outcomes.push(() => pending.reject(error));
            }
          }
        },
        { maxWait: 10_000, timeout: 60_000 },
      );
      for (const settle of outcomes) settle();
    } catch (error) {
      if (group.length === 1) {
        group[0].reject(error);
        return;
      }
      for (const pending of group) await runGroup([pending]);
    }
  }

  function drain(): void {
    while (running < options.parallel && queue.length > 0) {
      const group = queue.splice(0, options.maxJobs);
      group.sort((a, b) =>
        options.key(a.job) < options.key(b.job) ? -1 : options.key(a.job) > options.key(b.job) ? 1 : 0,
      );
      running++;
      void runGroup(group).finally(() => {
        running--;
        drain();
      });
    }
  }

  return {
    submit(job: Job): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        drain();
      });
    },
  };
}
