import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteFilePath } from "../../server/db/url.ts";
import { UPLOAD_ROW_CHANGED_MEANWHILE } from "../../server/loads/upload/service.ts";
import { LOAD_CHANGED_ELSEWHERE } from "../../server/loads/validation.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";
import { carrierWithDriver, createNassCodes, uploadLoads } from "../support/loads.ts";

/**
 * Security issue #24 (lost updates): a save that names the version it read is refused with 409
 * when the load changed since, and a bulk upload never overwrites an edit acknowledged after it
 * read the load (it skips that row and says so). On both databases.
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  await createNassCodes(t.app, ["CHI01", "DAL02", "ATL03"]);
  await uploadLoads(t.app, adminToken, [
    {
      "Load ID": "CC-1",
      Customer: "USPS",
      "Order Info": "v0",
      "Origin NASS": "CHI01",
      "Destination NASS": "DAL02",
    },
    { "Load ID": "CC-2", "Order Info": "v0" },
    { "Load ID": "CC-3", "Order Info": "v0" },
    { "Load ID": "CC-4", "Order Info": "v0" },
    { "Load ID": "CC-5", "Order Info": "v0" },
  ]);
});
afterAll(() => t.close());

type LoadBody = { version: number; orderInfo: string | null; routeNumber: string | null; stops: unknown[] };

const get = async (loadId: string) =>
  (await rest<LoadBody>(t.app, "GET", `/loads/${loadId}`, undefined, { token: adminToken })).body;
const put = (loadId: string, body: Record<string, unknown>) =>
  rest<LoadBody & { message: string; code: string }>(t.app, "PUT", `/loads/${loadId}`, body, {
    token: adminToken,
  });

const LOAD_VERSION = `query ($loadId: String!) { loadByLoadId(loadId: $loadId) { id version orderInfo } }`;
const UPDATE_LOAD = `mutation ($input: UpdateLoadInput!) {
  updateLoad(input: $input) {
    __typename
    ... on MutationUpdateLoadSuccess { data { load { version orderInfo } } }
    ... on Error { message code }
  }
}`;

type UpdateAnswer = {
  updateLoad: {
    __typename: string;
    data?: { load: { version: number; orderInfo: string } };
    message?: string;
    code?: string;
  };
};

async function node(loadId: string) {
  const answer = await gql<{ loadByLoadId: { id: string; version: number; orderInfo: string } }>(
    t.app,
    LOAD_VERSION,
    { loadId },
    { token: adminToken },
  );
  return answer.data!.loadByLoadId;
}

const auditCount = async (loadId: string) => {
  const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId } });
  return t.app.deps.db.auditLog.count({ where: { entityId: load.id, action: "load.update" } });
};

describe("a load's version", () => {
  it("starts at 0 and is answered by REST and GraphQL", async () => {
    expect((await get("CC-2")).version).toBe(0);
    expect((await node("CC-2")).version).toBe(0);
  });

  it("refuses a save naming a stale version with 409 and the message, writing nothing", async () => {
    const first = await put("CC-1", { orderInfo: "first", version: 0 });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);
    const before = await get("CC-1");
    const audits = await auditCount("CC-1");

    const stale = await put("CC-1", {
      orderInfo: "stale",
      routeNumber: "STALE-ROUTE",
      stops: [{ sequence: 1, type: "pickup", nass: "ATL03" }],
      version: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(LOAD_CHANGED_ELSEWHERE);
    expect(stale.body.code).toBe("CONFLICT");
    expect(await get("CC-1")).toEqual(before);
    expect(await t.app.deps.db.route.count({ where: { routeNumber: "STALE-ROUTE" } })).toBe(0);
    expect(await auditCount("CC-1")).toBe(audits);
  });

  it("takes a fresh version (as `version` or `expectedVersion`) and moves it by one; without one it saves as before", async () => {
    const { version } = await get("CC-2");
    const saved = await put("CC-2", { orderInfo: "fresh", expectedVersion: version });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ orderInfo: "fresh", version: version + 1 });
    // A round trip of the GET answer carries its version.
    const roundTrip = await put("CC-2", { ...(await get("CC-2")), orderInfo: "round trip" });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body.version).toBe(version + 2);
    // Legacy integrators send no version: the save goes through and still counts.
    const legacy = await put("CC-2", { orderInfo: "legacy" });
    expect(legacy.status).toBe(200);
    expect(legacy.body.version).toBe(version + 3);
  });

  it("refuses a version that is not a whole number >= 0 with 400", async () => {
    for (const version of [-1, 1.5, "one"]) {
      const result = await put("CC-2", { orderInfo: "bad version", version });
      expect(result.status).toBe(400);
    }
    expect((await get("CC-2")).orderInfo).not.toBe("bad version");
  });

  it("updateLoad takes expectedVersion: a stale one is a ConflictError, a fresh one saves and moves the version", async () => {
    const { id, version } = await node("CC-3");
    const saved = await gql<UpdateAnswer>(
      t.app,
      UPDATE_LOAD,
      { input: { id, orderInfo: "graphql", expectedVersion: version } },
      { token: adminToken },
    );
    expect(saved.data?.updateLoad).toEqual({
      __typename: "MutationUpdateLoadSuccess",
      data: { load: { version: version + 1, orderInfo: "graphql" } },
    });
    const stale = await gql<UpdateAnswer>(
      t.app,
      UPDATE_LOAD,
      { input: { id, orderInfo: "stale", expectedVersion: version } },
      { token: adminToken },
    );
    expect(stale.data?.updateLoad).toEqual({
      __typename: "ConflictError",
      message: LOAD_CHANGED_ELSEWHERE,
      code: "CONFLICT",
    });
    expect(await node("CC-3")).toMatchObject({ version: version + 1, orderInfo: "graphql" });
  });

  it("lets exactly one of several saves with the same version through", async () => {
    const { id, version } = await node("CC-4");
    const answers = await Promise.all([
      ...[1, 2, 3].map((n) => put("CC-4", { orderInfo: `rest ${n}`, version })),
      ...[1, 2, 3].map((n) =>
        gql<UpdateAnswer>(
          t.app,
          UPDATE_LOAD,
          { input: { id, orderInfo: `graphql ${n}`, expectedVersion: version } },
          { token: adminToken },
        ),
      ),
    ]);
    const outcomes = answers.map((answer) =>
      "data" in answer
        ? answer.data?.updateLoad.__typename === "MutationUpdateLoadSuccess"
          ? 200
          : answer.data?.updateLoad.code === "CONFLICT"
            ? 409
            : 500
        : answer.status,
    );
    expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
    expect(outcomes.filter((status) => status === 409)).toHaveLength(5);
    const winner = answers[outcomes.indexOf(200)];
    const winnerText =
      "data" in winner ? winner.data?.updateLoad.data?.load.orderInfo : (winner.body as LoadBody).orderInfo;
    expect(await node("CC-4")).toMatchObject({ version: version + 1, orderInfo: winnerText });
  });

  it("moves with every write of the load: driver assignment, upload, route, customer rate", async () => {
    const { driver } = await carrierWithDriver(t.app, "cc");
    let { version } = await get("CC-5");
    const opened = version;
    const moved = async () => {
      const now = (await get("CC-5")).version;
      expect(now).toBe(version + 1);
      version = now;
    };
    expect(
      (await rest(t.app, "PATCH", "/loads/CC-5", { user: driver.userId }, { token: adminToken })).status,
    ).toBe(200);
    await moved();
    await uploadLoads(t.app, adminToken, [{ "Load ID": "CC-5", Commodity: "Parcels" }]);
    await moved();
    const route = await rest(
      t.app,
      "POST",
      "/routing",
      { routeNumber: "CCR1", loadIds: ["CC-5"] },
      { token: adminToken },
    );
    expect(route.status).toBe(201);
    await moved();
    const rate = await gql<{ setLoadCustomerRate: { __typename: string } }>(
      t.app,
      `mutation ($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }`,
      { input: { id: (await node("CC-5")).id, customerRate: "1200.00" } },
      { token: adminToken },
    );
    expect(rate.data?.setLoadCustomerRate.__typename).toBe("MutationSetLoadCustomerRateSuccess");
    await moved();
    // A form opened before all of that cannot save over it.
    expect((await put("CC-5", { orderInfo: "old form", version: opened })).status).toBe(409);
  });
});

/** Rows of a file that updates `loadIds` (orderInfo "upload") and creates `created` new loads. */
function uploadFile(loadIds: string[], created: string[] = []) {
  return [...loadIds, ...created].map((loadId) => ({
    "Load ID": loadId,
    "Order Info": "upload",
    ...(loadId.endsWith("-1") ? { "Origin NASS": "ATL03" } : {}),
  }));
}

type UploadAnswer = {
  status: number;
  body: {
    updatedCount: number;
    createdCount: number;
    skipped: { row: number; loadId: string; reason: string }[];
  };
};

/** The upload through REST (POST /api/loads) or GraphQL (uploadLoads), answered alike. */
async function startUpload(
  loads: Record<string, unknown>[],
  via: "REST" | "GraphQL" = "REST",
): Promise<UploadAnswer> {
  if (via === "REST") {
    return rest<UploadAnswer["body"]>(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads },
      { token: adminToken },
    );
  }
  const columns = [...new Set(loads.flatMap((row) => Object.keys(row)))];
  const answer = await gql<{ uploadLoads: { __typename: string; data?: UploadAnswer["body"] } }>(
    t.app,
    `mutation ($input: UploadLoadsInput!) {
      uploadLoads(input: $input) {
        __typename
        ... on MutationUploadLoadsSuccess { data { createdCount updatedCount skipped { row loadId reason } } }
      }
    }`,
    {
      input: {
        stream: "USPS",
        columns,
        rows: loads.map((row) =>
          columns.map((column) => (row[column] === undefined ? null : String(row[column]))),
        ),
      },
    },
    { token: adminToken },
  );
  const data = answer.data?.uploadLoads.data;
  return { status: data ? 201 : 500, body: data ?? { createdCount: 0, updatedCount: 0, skipped: [] } };
}

async function poll(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("an upload racing edits", () => {
  it.runIf(testProvider === "postgresql").each(["REST", "GraphQL"] as const)(
    "PostgreSQL: edits acknowledged between the upload's read and its write are kept; the upload skips those rows and lists them (%s)",
    async (via) => {
      const ids = Array.from({ length: 12 }, (_, index) => `RACE-${via}-${index + 1}`);
      await uploadLoads(
        t.app,
        adminToken,
        uploadFile(ids).map((row) => ({ ...row, "Order Info": "v0" })),
      );
      const versions = new Map(
        await Promise.all(ids.map(async (id) => [id, (await get(id)).version] as const)),
      );
      const stopsBefore = (await get(ids[0])).stops;

      // The upload reads the loads, then waits on this lock to record its batch: paused between read and write.
      const lock = new pg.Client({ connectionString: t.database.url });
      await lock.connect();
      await lock.query("BEGIN");
      await lock.query(`LOCK TABLE "UploadBatch" IN SHARE MODE`);
      const upload = startUpload(uploadFile(ids, [`RACE-${via}-NEW-1`]), via);
      const edited = ids.slice(0, 10);
      try {
        await poll(async () => {
          // pg_locks is live (pg_stat_activity would answer this transaction's first snapshot).
          const waiting = await lock.query(
            `SELECT 1 FROM pg_locks WHERE NOT granted AND relation = '"UploadBatch"'::regclass`,
          );
          return (waiting.rowCount ?? 0) > 0;
        }, "the upload to wait for its batch");

        // Ten edits acknowledged meanwhile: five legacy ones, five naming the version they read.
        const edits = await Promise.all(
          edited.map((id, index) =>
            put(id, { orderInfo: `edit ${id}`, ...(index % 2 ? { version: versions.get(id) } : {}) }),
          ),
        );
        expect(edits.map((edit) => edit.status)).toEqual(edited.map(() => 200));
      } finally {
        await lock.query("COMMIT");
        await lock.end();
      }

      const result = await upload;
      expect(result.status).toBe(201);
      expect(result.body).toMatchObject({ createdCount: 1, updatedCount: 2 });
      expect(result.body.skipped).toEqual(
        edited.map((loadId, index) => ({ row: index + 1, loadId, reason: UPLOAD_ROW_CHANGED_MEANWHILE })),
      );
      for (const id of edited) {
        expect(await get(id)).toMatchObject({ orderInfo: `edit ${id}`, version: versions.get(id)! + 1 });
      }
      // The stops the skipped row named were not written either.
      expect((await get(ids[0])).stops).toEqual(stopsBefore);
      for (const id of ids.slice(10)) {
        expect(await get(id)).toMatchObject({ orderInfo: "upload", version: versions.get(id)! + 1 });
      }
      expect((await get(`RACE-${via}-NEW-1`)).orderInfo).toBe("upload");
      const last = await rest(t.app, "GET", "/loads/last", undefined, { token: adminToken });
      expect(last.body).toMatchObject({ rowCount: 13, createdCount: 1, updatedCount: 2 });
    },
  );

  it.runIf(testProvider === "sqlite")(
    "SQLite: the upload holds the database from its read to its commit, so an edit sent meanwhile lands after it",
    async () => {
      const ids = Array.from({ length: 3000 }, (_, index) => `BIG-${index + 1}`);
      await uploadLoads(
        t.app,
        adminToken,
        uploadFile(ids).map((row) => ({ ...row, "Order Info": "v0" })),
      );
      const opened = (await get("BIG-2")).version;
      const upload = startUpload(uploadFile(ids));
      const probe = new Database(sqliteFilePath(t.database.url));
      probe.pragma("busy_timeout = 0");
      await poll(() => {
        try {
          probe.exec("BEGIN IMMEDIATE");
          probe.exec("ROLLBACK");
          return false;
        } catch {
          return true;
        }
      }, "the upload to take the write lock");
      probe.close();
      const [legacy, versioned] = await Promise.all([
        put("BIG-1", { orderInfo: "edit BIG-1" }),
        put("BIG-2", { orderInfo: "edit BIG-2", version: opened }),
      ]);
      const result = await upload;
      expect(result.status).toBe(201);
      expect(result.body.skipped).toEqual([]);
      expect(legacy.status).toBe(200);
      expect((await get("BIG-1")).orderInfo).toBe("edit BIG-1");
      // The form was opened before the upload changed the load.
      expect(versioned.status).toBe(409);
      expect(await get("BIG-2")).toMatchObject({ orderInfo: "upload", version: opened + 1 });
    },
  );

  it("loses no acknowledged edit to a large upload running at the same time", async () => {
    const ids = Array.from({ length: 2000 }, (_, index) => `MANY-${index + 1}`);
    const created = Array.from({ length: 2000 }, (_, index) => `MANY-NEW-${index + 1}`);
    await uploadLoads(
      t.app,
      adminToken,
      uploadFile(ids).map((row) => ({ ...row, "Order Info": "v0" })),
    );
    const edited = ids.filter((_, index) => index % 100 === 7);
    const acknowledged = new Map<string, string[]>();
    let uploading = true;
    const upload = startUpload(uploadFile(ids, created)).finally(() => {
      uploading = false;
    });
    // Each edited load gets edit after edit (legacy saves, no version) until the upload answers.
    await Promise.all(
      edited.map(async (id) => {
        const mine: string[] = [];
        acknowledged.set(id, mine);
        for (let n = 1; uploading; n++) {
          const value = `edit ${id} #${n}`;
          const answer = await put(id, { orderInfo: value });
          expect(answer.status).toBe(200);
          mine.push(value);
        }
      }),
    );
    const result = await upload;
    expect(result.status).toBe(201);
    const skipped = new Set(result.body.skipped.map((row) => row.loadId));
    expect(result.body.createdCount).toBe(created.length);
    expect(result.body.updatedCount + skipped.size).toBe(ids.length);
    expect([...skipped].filter((id) => !edited.includes(id))).toEqual([]);
    for (const id of edited) {
      const mine = acknowledged.get(id)!;
      const final = await get(id);
      // Every write counted once: each acknowledged edit, and the upload unless it skipped the row.
      expect(final.version).toBe(mine.length + (skipped.has(id) ? 0 : 1));
      // A skipped row leaves the last edit; otherwise the upload wrote before or after the last edit.
      if (skipped.has(id) || mine.length === 0) {
        expect(final.orderInfo).toBe(mine.at(-1) ?? "upload");
      } else {
        expect([mine.at(-1), "upload"]).toContain(final.orderInfo);
      }
    }
  });
});
