import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execute, readStore, rowsOf } from "../../server/db/kysely.ts";
import { createSqlReader, type SqlReader } from "../../server/db/reader.ts";
import { containsAnyCase, countOf, oneOf } from "../../server/db/store-sql.ts";
import { createSqlWriter, type SqlWriter } from "../../server/db/writer.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

/** The stores' builder on the configured database: the same statements and row types on both. */
describe("store builder (server/db/kysely.ts)", () => {
  let database: TestDatabase;
  let reader: SqlReader;
  let writer: SqlWriter;

  beforeAll(async () => {
    database = await createTestDatabase();
    reader = createSqlReader(database.url);
    writer = createSqlWriter(database.url);
  });

  afterAll(async () => {
    await reader.close();
    await writer.close();
    await database.drop();
  });

  const at = new Date("2026-03-04T05:06:07.089Z");

  it("writes in the writer's transaction and reads Dates, booleans and numbers back on the reader", async () => {
    const inserted = await writer.transaction(function* (db) {
      const rows = yield* rowsOf(
        db
          .insertInto("ContactMessage")
          .values([
            { id: "m1", email: "a@example.com", name: "Ann", message: "Hello 100%", createdAt: at },
            { id: "m2", email: "b@example.com", name: "Bob", message: "bye", createdAt: at, handledAt: at },
          ])
          .onConflict((conflict) => conflict.column("id").doNothing())
          .returning(["id", "createdAt"]),
      );
      const again = yield* execute(
        db
          .insertInto("ContactMessage")
          .values({ id: "m1", email: "x", name: "x", message: "x", createdAt: at })
          .onConflict((conflict) => conflict.column("id").doNothing()),
      );
      return { rows, again };
    });
    expect(inserted.rows).toEqual([
      { id: "m1", createdAt: at },
      { id: "m2", createdAt: at },
    ]);
    expect(inserted.again).toBe(0);

    const store = readStore(reader);
    const rows = await store
      .selectFrom("ContactMessage")
      .select(["id", "createdAt", "handledAt"])
      .where("handledAt", "is not", null)
      .execute();
    expect(rows).toEqual([{ id: "m2", createdAt: at, handledAt: at }]);
    const [count] = await store
      .selectFrom("ContactMessage")
      .select((eb) => eb.fn.countAll().as("count"))
      .execute();
    expect(countOf(count?.count as number)).toBe(2);
  });

  it("maps Boolean columns to booleans on both databases", async () => {
    await writer.transaction(function* (db) {
      yield* execute(
        db.insertInto("LoginAttempt").values([
          { id: "a1", email: "a@example.com", ip: "1.1.1.1", success: true, createdAt: at },
          { id: "a2", email: "a@example.com", ip: "1.1.1.1", success: false, createdAt: at },
        ]),
      );
    });
    const rows = await readStore(reader)
      .selectFrom("LoginAttempt")
      .select(["id", "success"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "a1", success: true },
      { id: "a2", success: false },
    ]);
  });

  it("matches one of a list with one statement text, and contains in any case with wildcards literal", async () => {
    const store = readStore(reader);
    const ids = (values: string[]) =>
      store
        .selectFrom("ContactMessage")
        .select("id")
        .where((eb) => oneOf(store, eb.ref("id"), values))
        .orderBy("id")
        .execute();
    expect(await ids(["m2", "zz"])).toEqual([{ id: "m2" }]);
    expect(await ids([])).toEqual([]);
    const containing = (text: string) =>
      store
        .selectFrom("ContactMessage")
        .select("id")
        .where((eb) => containsAnyCase(store, eb.ref("message"), text))
        .execute();
    expect(await containing("HELLO")).toEqual([{ id: "m1" }]);
    expect(await containing("0%")).toEqual([{ id: "m1" }]);
    expect(await containing("_")).toEqual([]);
  });
});
