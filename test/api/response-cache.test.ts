import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import LoadListPageQuery from "../../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import {
  adminAndCarrier,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type Session,
  type TestApp,
} from "../support/app.ts";
import { testProvider } from "../support/database-url.ts";
import { countDriverStatements } from "../support/driver-count.ts";
import { uploadLoads } from "../support/loads.ts";

/** The load list screen's own document and its first page. */
const LIST = LoadListPageQuery.params.text!;
const FIRST_PAGE = { page: 1, pageSize: 10 };

interface ListData {
  loads: { totalCount: number; edges: { node: { loadId: string; customer: string | null } }[] };
}

let t: TestApp;
let admin: Session;
let carrier: Session;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrier = world.carrierSession;
  const rows = Array.from({ length: 12 }, (_, index) => ({
    "Load ID": `RC-${String(index).padStart(2, "0")}`,
    Customer: "Acme",
  }));
  await uploadLoads(t.app, admin.token, rows);
});
afterAll(() => t.close());

async function listAs(token: string, query = LIST, variables: Record<string, unknown> = FIRST_PAGE) {
  return gql<ListData>(t.app, query, variables, { token });
}

/** The statements the drivers ran for `run`, and what it answered. */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const counter = countDriverStatements();
  try {
    const result = await run();
    return { result, statements: [...counter.statements] };
  } finally {
    counter.stop();
  }
}

const reads = (statements: string[]) => statements.filter((text) => !/^PRAGMA data_version/.test(text));

describe.runIf(testProvider === "sqlite")("the load list's answer, kept while nothing changed", () => {
  it("answers the same request again without reading the database", async () => {
    const first = await listAs(admin.token);
    expect(first.errors).toBeUndefined();
    const { result, statements } = await statementsOf(() => listAs(admin.token));
    expect(result.data).toEqual(first.data);
    expect(reads(statements)).toEqual([]);
  });

  it("recomputes after a write through the app (GraphQL or REST)", async () => {
    await listAs(admin.token);
    const changed = await rest(
      t.app,
      "PUT",
      "/loads/RC-11",
      { customer: "Changed Co" },
      { token: admin.token },
    );
    expect(changed.status).toBe(200);
    const after = await listAs(admin.token);
    expect(after.data?.loads.edges.find((edge) => edge.node.loadId === "RC-11")?.node.customer).toBe(
      "Changed Co",
    );
  });

  it("recomputes after a commit from another connection (a worker, another instance)", async () => {
    await listAs(admin.token);
    const other = new Database(t.database.url.replace(/^file:/, ""));
    try {
      other.prepare(`UPDATE "Load" SET "customer" = 'Elsewhere Inc' WHERE "loadId" = 'RC-10'`).run();
    } finally {
      other.close();
    }
    const after = await listAs(admin.token);
    expect(after.data?.loads.edges.find((edge) => edge.node.loadId === "RC-10")?.node.customer).toBe(
      "Elsewhere Inc",
    );
  });

  it("keeps answers per viewer: another admin computes its own, a carrier is still refused", async () => {
    await createUser(t.app, { email: "second-admin@example.com", role: "ADMIN" });
    const second = await loginAs(t.app, "second-admin@example.com");
    await listAs(admin.token);
    const { result, statements } = await statementsOf(() => listAs(second.token));
    expect(result.errors).toBeUndefined();
    expect(reads(statements).length).toBeGreaterThan(0);
    const refused = await listAs(carrier.token);
    expect(refused.data?.loads ?? null).toBeNull();
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("refuses a kept answer to a session that ended", async () => {
    await createUser(t.app, { email: "leaving-admin@example.com", role: "ADMIN" });
    const leaving = await loginAs(t.app, "leaving-admin@example.com");
    expect((await listAs(leaving.token)).errors).toBeUndefined();
    const logout = await rest(
      t.app,
      "POST",
      "/auth/logout",
      {},
      { token: leaving.token, cookie: leaving.refresh },
    );
    expect(logout.status).toBe(200);
    const after = await listAs(leaving.token);
    expect(after.status).toBe(401);
    expect(after.data?.loads ?? null).toBeNull();
  });

  it("never keeps answers read through Prisma, answers with errors, or other root fields", async () => {
    const withStops = `query { loads(page: 1, pageSize: 3) { edges { node { loadId stops { id } } } } }`;
    const other = `query { viewer { id email } }`;
    const failing = `query { a: loads(page: 1, pageSize: 3) { edges { node { loadId } } }
      b: loads(page: 0, pageSize: 3) { edges { node { loadId } } } }`;
    for (const query of [withStops, other, failing]) {
      await listAs(admin.token, query, {});
      const { statements } = await statementsOf(() => listAs(admin.token, query, {}));
      expect(reads(statements).length, query).toBeGreaterThan(0);
    }
  });
});

describe("without a cheap data version (PostgreSQL) or with RESPONSE_CACHE=off", () => {
  it("computes every answer", async () => {
    const off = await createTestApp({ responseCache: false });
    try {
      const world = await adminAndCarrier(off.app);
      const token = world.adminSession.token;
      await gql(off.app, LIST, FIRST_PAGE, { token });
      const { statements } = await statementsOf(() => gql(off.app, LIST, FIRST_PAGE, { token }));
      expect(reads(statements).length).toBeGreaterThan(0);
    } finally {
      await off.close();
    }
    if (testProvider === "postgresql") {
      await listAs(admin.token);
      const { statements } = await statementsOf(() => listAs(admin.token));
      expect(statements.length).toBeGreaterThan(0);
    }
  });
});
