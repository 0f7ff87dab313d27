import { logger } from "../ops/logger.ts";
import type { SqlWork } from "./bulk.ts";
import type { Store } from "./kysely.ts";
import type { SqlWriter } from "./writer.ts";

/**
 * Group commit: work submitted while a transaction is running (or in the same turn of the event
 * loop) waits and then shares the next one, so a burst of small writes (position reports from many
 * trucks, bids from many carriers) costs one commit (one fsync) instead of one each. A group's
 * jobs are sorted by `key`, stably (one route's batches keep their order and rows are locked in one
 * order); `run` answers one outcome per job, in that order.
 */
export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

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
  /** Jobs of a group run sorted by this (stably), e.g. to lock rows in one order; absent: as they came. */
  key?(job: Job): string;
}

export function createGroupCommit<Job, Result>(
  run: (jobs: Job[]) => Promise<Outcome<Result>[]>,
  options: GroupCommitOptions<Job>,
) {
  const queue: Pending<Job, Result>[] = [];
  let running = 0;
  let scheduled = false;

  async function runGroup(group: Pending<Job, Result>[]): Promise<void> {
    try {
      const outcomes = await run(group.map((pending) => pending.job));
      group.forEach((pending, index) => {
        const outcome = outcomes[index];
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.error);
      });
    } catch (error) {
      for (const pending of group) pending.reject(error);
    }
  }

  function drain(): void {
    scheduled = false;
    while (running < options.parallel && queue.length > 0) {
      const group = queue.splice(0, options.maxJobs);
      const key = options.key;
      if (key) group.sort((a, b) => (key(a.job) < key(b.job) ? -1 : key(a.job) > key(b.job) ? 1 : 0));
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
        // A group starts after the event loop has handled the I/O already waiting: the calls read
        // meanwhile join it. A SQLite transaction runs synchronously, so without this pause no
        // call could ever arrive while one is running, and each would pay its own commit (fsync).
        if (!scheduled && running < options.parallel) {
          scheduled = true;
          setImmediate(drain);
        }
      });
    },
  };
}

/**
 * Group commit over an SqlWriter: `work` runs a whole group in one transaction and answers one
 * result per job, in order; it answers expected refusals as results, never by throwing. Any error
 * rolls the group back and its jobs run again one transaction each, so one bad job cannot fail
 * others. `afterCommit` runs once per committed group (publish events there: once per group).
 */
export interface SqlGroupCommitOptions<Job, Result> {
  /** Largest number of jobs sharing one transaction. */
  maxJobs: number;
  /** Builds its statements with `db` (server/db/kysely.ts: rowsOf, execute). */
  work(db: Store, jobs: readonly Job[]): SqlWork<Result[]>;
  afterCommit?(jobs: readonly Job[], results: readonly Result[]): void;
}

export interface SqlGroupCommit<Job, Result> {
  submit(job: Job): Promise<Result>;
}

export function createSqlGroupCommit<Job, Result>(
  writer: SqlWriter,
  options: SqlGroupCommitOptions<Job, Result>,
): SqlGroupCommit<Job, Result> {
  async function run(jobs: Job[]): Promise<Outcome<Result>[]> {
    let results: Result[];
    try {
      results = await writer.transaction((db) => options.work(db, jobs));
    } catch (error) {
      if (jobs.length === 1) return [{ ok: false, error }];
      const outcomes: Outcome<Result>[] = [];
      for (const job of jobs) outcomes.push(...(await run([job])));
      return outcomes;
    }
    try {
      options.afterCommit?.(jobs, results);
    } catch (error) {
      // The writes committed: their callers still get their results.
      logger.error({ err: error }, "group commit: the after-commit step failed");
    }
    return results.map((value) => ({ ok: true, value }));
  }
  return createGroupCommit(run, { maxJobs: options.maxJobs, parallel: writer.parallel });
}
