import { afterAll, beforeAll, describe, expect, it } from "vitest";
import LoadListPageQuery from "../../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { adminAndCarrier, createTestApp, gql, type TestApp } from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";
import { seedLoadRows, uploadLoads } from "../support/loads.ts";

/**
 * The list's unfiltered total is read from the loads' tally on PostgreSQL (server/db/sql.ts
 * rowCountSql), kept by triggers: it must equal a count of the table after any write, whoever
 * makes it (the loads service, another connection or instance, a bulk statement, a delete).
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ responseCache: false });
  token = (await adminAndCarrier(t.app)).adminSession.token;
});
afterAll(() => t.close());

async function listedTotal(variables: Record<string, unknown> = {}): Promise<number> {
  const result = await gql<{ loads: { totalCount: number } }>(
    t.app,
    LoadListPageQuery.params.text!,
    { page: 1, pageSize: 5, ...variables },
    { token },
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.loads.totalCount;
}

const counted = () => t.app.deps.db.load.count();

const loadRow = (loadId: string) => ({ loadId, customer: "Tally", status: "pending" });

describe("the load list's unfiltered total", () => {
  it("is exact after uploads, writes from another connection, bulk inserts and deletes", async () => {
    expect(await listedTotal()).toBe(0);
    await uploadLoads(t.app, token, seedLoadRows(12, "TALLY"));
    expect(await listedTotal()).toBe(12);

    // Writes that never pass the loads service (another instance, a script).
    await t.app.deps.db.load.create({ data: loadRow("TALLY-OTHER-1") });
    expect(await listedTotal()).toBe(13);
    await t.app.deps.db.load.createMany({
      data: Array.from({ length: 30 }, (_, index) => loadRow(`TALLY-BULK-${index}`)),
    });
    expect(await listedTotal()).toBe(43);
    // An insert that meets an existing load updates it: no new load.
    await t.app.deps.db.load.upsert({
      where: { loadId: "TALLY-BULK-0" },
      create: loadRow("TALLY-BULK-0"),
      update: { customer: "Tally again" },
    });
    expect(await listedTotal()).toBe(43);

    await t.app.deps.db.load.deleteMany({ where: { loadId: { startsWith: "TALLY-BULK-" } } });
    expect(await listedTotal()).toBe(13);
    expect(await listedTotal()).toBe(await counted());
    // A filtered total still counts the matching rows.
    expect(await listedTotal({ search: "tally-other" })).toBe(1);
  });

  it.runIf(testProvider === "postgresql")(
    "counts what each reader's snapshot sees while writers are still open, and never makes them wait",
    async () => {
      const before = await counted();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted: () => void = () => undefined;
      const insertedYet = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const open = t.app.deps.db.$transaction(async (tx) => {
        await tx.load.create({ data: loadRow("TALLY-OPEN-1") });
        await tx.load.create({ data: loadRow("TALLY-OPEN-2") });
        inserted();
        await held;
      });
      await insertedYet;
      // Another writer commits while the first still holds its tally rows.
      await t.app.deps.db.load.create({ data: loadRow("TALLY-BESIDE") });
      await t.app.deps.db.load.delete({ where: { loadId: "TALLY-OTHER-1" } });
      expect(await listedTotal()).toBe(before);
      release();
      await open;
      expect(await listedTotal()).toBe(before + 2);
      expect(await listedTotal()).toBe(await counted());
    },
  );
});
