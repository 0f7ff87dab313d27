import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "../../server/app.ts";
import { createTestApp, type TestApp } from "./app.ts";

export interface TwoInstances {
  /** The test app (owns the database). */
  first: TestApp;
  /** A second instance on the same database and Redis. */
  second: App;
}

/**
 * Two instances on one database and one Redis for the enclosing describe (the PostgreSQL + Redis
 * step): set up before its tests, stopped after them. The fields are filled in beforeAll.
 */
export function twoInstances(redisUrl: string | undefined, settle?: () => Promise<void>): TwoInstances {
  const pair = {} as TwoInstances;
  beforeAll(async () => {
    pair.first = await createTestApp({ redisUrl });
    pair.second = await buildApp({ ...pair.first.app.deps.config, redisUrl });
    await settle?.();
  });
  afterAll(async () => {
    await pair.second?.stop();
    await pair.first?.close();
  });
  return pair;
}
