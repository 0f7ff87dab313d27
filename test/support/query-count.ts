import { AsyncLocalStorage } from "node:async_hooks";
import type { App } from "../../server/app.ts";
import type { Db } from "../../server/db/client.ts";

/** Which counter the code running now reports to: the test's own calls carry it, timers do not. */
const countingFor = new AsyncLocalStorage<string[]>();

/**
 * Counts the database operations (model queries and raw SQL) the app makes, by swapping the
 * app's Prisma client for one extended with a counter. Requests made after this see the
 * counting client; `restore` puts the original back.
 *
 * Only operations of the calling test's own requests count: the app's timers (the offer round
 * sweep every 2 s) use the same client, and a sweep landing inside a request on a slow machine
 * would otherwise add a query to that request's count.
 */
export function countQueries(app: App) {
  const original = app.deps.db;
  const operations: string[] = [];
  app.deps.db = original.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        if (countingFor.getStore() === operations)
          operations.push(model ? `${model}.${operation}` : operation);
        return query(args);
      },
    },
  }) as unknown as Db;
  // From here on, the caller and whatever it awaits (its requests) run with this counter.
  countingFor.enterWith(operations);
  return {
    operations,
    reset: () => {
      operations.length = 0;
    },
    restore: () => {
      app.deps.db = original;
    },
  };
}
