import type { App } from "../../server/app.ts";
import type { Db } from "../../server/db/client.ts";

/**
 * Counts the database operations (model queries and raw SQL) the app makes, by swapping the
 * app's Prisma client for one extended with a counter. Requests made after this see the
 * counting client; `restore` puts the original back.
 */
export function countQueries(app: App) {
  const original = app.deps.db;
  const operations: string[] = [];
  app.deps.db = original.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        operations.push(model ? `${model}.${operation}` : operation);
        return query(args);
      },
    },
  }) as unknown as Db;
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
