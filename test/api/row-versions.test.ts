import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_TEXTS } from "../../common/billing.ts";
import { CARRIER_MESSAGES } from "../../common/carriers.ts";
import { NASS_CHANGED_ELSEWHERE, ROUTE_CHANGED_ELSEWHERE } from "../../common/routing.ts";
import { NASS_ROW_CHANGED_MEANWHILE } from "../../server/nass/import.ts";
import { adminAndCarrier, createTestApp, createUser, gql, rest, type TestApp } from "../support/app.ts";
import { createCarrierAs } from "../support/carriers.ts";
import { testProvider } from "../support/database-url.ts";
import { createNassCodes, uploadLoads } from "../support/loads.ts";

/**
 * Security issue #24 (lost updates) beyond loads: a carrier, route, NASS code, invoice or bill
 * edit that names the version it read is refused with 409 / ConflictError when someone else
 * changed the row since, and writes nothing; of several saves of one version exactly one wins;
 * every other writer (driver attach, a load moved onto a route, a NASS import) moves the version.
 * On both databases (TEST_DATABASE=postgres runs it on PostgreSQL).
 */
let t: TestApp;
let adminToken: string;

/** One edited thing, read and saved through REST and GraphQL, with one text field to tell saves apart. */
interface Editable {
  thing: string;
  changed: string;
  /** Creates one and answers its REST reference (carrierId, route number, code, number). */
  create(n: number): Promise<string>;
  /** The REST answer's version and text field. */
  get(ref: string): Promise<{ version: number; value: string }>;
  /** Saves `value` over REST, naming `version` when given. */
  save(
    ref: string,
    value: string,
    version?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The GraphQL node's id, version and text field. */
  node(ref: string): Promise<{ id: string; version: number; value: string }>;
  /** Saves `value` through the GraphQL mutation; answers its __typename, message and the saved value. */
  mutate(
    ref: string,
    id: string,
    value: string,
    expectedVersion: number,
  ): Promise<{ typename: string; message?: string; value?: string; version?: number }>;
  /** Audit entries of its edits. */
  audits(ref: string): Promise<number>;
}

const api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  rest<T>(t.app, method, path, body, { token: adminToken });

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await gql<T>(t.app, query, variables, { token: adminToken });
  if (!answer.data) throw new Error(`GraphQL failed: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

type Payload = { __typename: string; message?: string; data?: Record<string, Record<string, unknown>> };

/** A mutation answer's outcome, the node under `key` read for its text `field`. */
function outcome(payload: Payload, key: string, field: string) {
  const node = payload.data?.[key];
  return {
    typename: payload.__typename,
    message: payload.message,
    value: node?.[field] as string | undefined,
    version: node?.version as number | undefined,
  };
}

const auditsOf = (entityType: string, id: string, action: string) =>
  t.app.deps.db.auditLog.count({ where: { entityType, entityId: id, action } });

const carriers: Editable = {
  thing: "carrier",
  changed: CARRIER_MESSAGES.changedElsewhere,
  create: async (n) => (await createCarrierAs(t.app, adminToken, 900 + n)).carrierId,
  async get(ref) {
    const { body } = await api<{ version: number; carrierName: string }>("GET", `/carriers/${ref}`);
    return { version: body.version, value: body.carrierName };
  },
  save: (ref, value, version) =>
    api("PATCH", `/carriers/${ref}`, { carrierName: value, ...(version === undefined ? {} : { version }) }),
  async node(ref) {
    const { carrierByCarrierId: carrier } = await graphql<{
      carrierByCarrierId: { id: string; version: number; carrierName: string };
    }>(`query ($ref: String!) { carrierByCarrierId(carrierId: $ref) { id version carrierName } }`, { ref });
    return { id: carrier.id, version: carrier.version, value: carrier.carrierName };
  },
  async mutate(_ref, id, value, expectedVersion) {
    const data = await graphql<{ updateCarrier: Payload }>(
      `mutation ($input: UpdateCarrierInput!) { updateCarrier(input: $input) {
        __typename
        ... on MutationUpdateCarrierSuccess { data { carrier { version carrierName } } }
        ... on Error { message }
      } }`,
      { input: { id, carrierName: value, expectedVersion } },
    );
    return outcome(data.updateCarrier, "carrier", "carrierName");
  },
  async audits(ref) {
    const carrier = await t.app.deps.db.carrier.findUniqueOrThrow({ where: { carrierId: ref } });
    return auditsOf("Carrier", carrier.id, "carrier.update");
  },
};

const FACILITIES = ["OCC-A", "OCC-B", "OCC-C"];

const routes: Editable = {
  thing: "route",
  changed: ROUTE_CHANGED_ELSEWHERE,
  async create(n) {
    await uploadLoads(t.app, adminToken, [{ "Load ID": `OCC-R${n}` }]);
    const created = await api("POST", "/routing", { routeNumber: `OCCR${n}`, loadIds: [`OCC-R${n}`] });
    if (created.status !== 201) throw new Error(`route: ${created.status} ${JSON.stringify(created.body)}`);
    return `OCCR${n}`;
  },
  async get(ref) {
    const { body } = await api<{ version: number; stops: { nass: { code: string } | null }[] }>(
      "GET",
      `/routing/${ref}`,
    );
    return { version: body.version, value: body.stops[0]?.nass?.code ?? "" };
  },
  save: (ref, value, version) =>
    api("PUT", `/routing/${ref}`, {
      stops: [{ sequence: 1, type: "pickup", nass: value }],
      ...(version === undefined ? {} : { version }),
    }),
  async node(ref) {
    const { routeByNumber: route } = await graphql<{
      routeByNumber: { id: string; version: number; stops: { nass: { code: string } | null }[] };
    }>(`query ($ref: String!) { routeByNumber(routeNumber: $ref) { id version stops { nass { code } } } }`, {
      ref,
    });
    return { id: route.id, version: route.version, value: route.stops[0]?.nass?.code ?? "" };
  },
  async mutate(ref, _id, value, expectedVersion) {
    const data = await graphql<{ updateRoute: Payload }>(
      `mutation ($input: UpdateRouteInput!) { updateRoute(input: $input) {
        __typename
        ... on MutationUpdateRouteSuccess { data { route { version stops { nass { code } } } } }
        ... on Error { message }
      } }`,
      { input: { routeNumber: ref, stops: [{ sequence: 1, type: "pickup", nass: value }], expectedVersion } },
    );
    const route = data.updateRoute.data?.route as { version: number; stops: { nass: { code: string } }[] };
    return {
      typename: data.updateRoute.__typename,
      message: data.updateRoute.message,
      value: route?.stops[0]?.nass.code,
      version: route?.version,
    };
  },
  async audits(ref) {
    const route = await t.app.deps.db.route.findUniqueOrThrow({ where: { routeNumber: ref } });
    return auditsOf("Route", route.id, "route.update");
  },
};

const NASS_NODE = `query ($ref: String!) { nassCodes(search: $ref) { edges { node { id code version facilityName } } } }`;

const nassCodes: Editable = {
  thing: "NASS code",
  changed: NASS_CHANGED_ELSEWHERE,
  async create(n) {
    await createNassCodes(t.app, [`OCCN${n}`]);
    return `OCCN${n}`;
  },
  async get(ref) {
    const { body } = await api<{ code: string; version: number; facilityName: string }[]>(
      "GET",
      `/routing/nass?search=${ref}`,
    );
    const nass = body.find((row) => row.code === ref)!;
    return { version: nass.version, value: nass.facilityName };
  },
  save: (ref, value, version) =>
    api("PUT", `/routing/nass/${ref}`, {
      facilityName: value,
      ...(version === undefined ? {} : { version }),
    }),
  async node(ref) {
    const data = await graphql<{
      nassCodes: { edges: { node: { id: string; code: string; version: number; facilityName: string } }[] };
    }>(NASS_NODE, { ref });
    const nass = data.nassCodes.edges.map((edge) => edge.node).find((node) => node.code === ref)!;
    return { id: nass.id, version: nass.version, value: nass.facilityName };
  },
  async mutate(_ref, id, value, expectedVersion) {
    const data = await graphql<{ updateNassCode: Payload }>(
      `mutation ($input: UpdateNassCodeInput!) { updateNassCode(input: $input) {
        __typename
        ... on MutationUpdateNassCodeSuccess { data { nassCode { version facilityName } } }
        ... on Error { message }
      } }`,
      { input: { id, facilityName: value, expectedVersion } },
    );
    return outcome(data.updateNassCode, "nassCode", "facilityName");
  },
  async audits(ref) {
    const nass = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: ref } });
    return auditsOf("NassCode", nass.id, "nass.update");
  },
};

/** Invoices and bills: the same form, under each ledger's names. */
function ledger(kind: "invoice" | "bill"): Editable {
  const receivable = kind === "invoice";
  const path = receivable ? "/billing/accounts-receivable" : "/billing/accounts-payable";
  const party = receivable ? "customerPayer" : "carrier";
  const form = (value: string) =>
    receivable
      ? { customerPayer: value, dueDate: "2026-12-31", amountDue: "100.00", status: "pending" }
      : { carrier: value, paymentDate: "2026-12-31", amount: "100.00", status: "pending" };
  const numberField = receivable ? "invoiceNumber" : "billNumber";
  const type = receivable ? "Invoice" : "Bill";
  return {
    thing: kind,
    changed: receivable ? BILLING_TEXTS.invoiceChanged : BILLING_TEXTS.billChanged,
    async create(n) {
      const created = await api<Record<string, string>>("POST", path, form(`Party ${n}`));
      if (created.status !== 201) throw new Error(`${kind}: ${created.status}`);
      return created.body[numberField];
    },
    async get(ref) {
      const { body } = await api<Record<string, unknown>>("GET", `${path}/${ref}`);
      return { version: body.version as number, value: body[party] as string };
    },
    save: (ref, value, version) =>
      api("PUT", `${path}/${ref}`, { ...form(value), ...(version === undefined ? {} : { version }) }),
    async node(ref) {
      const data = await graphql<Record<string, Record<string, unknown>>>(
        `query ($ref: String!) { ${kind}(${numberField}: $ref) { id version ${party} } }`,
        { ref },
      );
      const entry = data[kind];
      return { id: entry.id as string, version: entry.version as number, value: entry[party] as string };
    },
    async mutate(ref, _id, value, expectedVersion) {
      const mutation = receivable ? "updateInvoice" : "updateBill";
      const data = await graphql<Record<string, Payload>>(
        `mutation ($input: Update${type}Input!) { ${mutation}(input: $input) {
          __typename
          ... on MutationUpdate${type}Success { data { ${kind} { version ${party} } } }
          ... on Error { message }
        } }`,
        { input: { [numberField]: ref, ...form(value), expectedVersion } },
      );
      return outcome(data[mutation], kind, party);
    },
    async audits(ref) {
      const row = receivable
        ? await t.app.deps.db.invoice.findUniqueOrThrow({ where: { invoiceNumber: ref } })
        : await t.app.deps.db.bill.findUniqueOrThrow({ where: { billNumber: ref } });
      return auditsOf(type, row.id, `${kind}.update`);
    },
  };
}

const EDITABLES = [carriers, routes, nassCodes, ledger("invoice"), ledger("bill")];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await adminAndCarrier(t.app)).adminSession.token;
  await createNassCodes(t.app, FACILITIES);
});
afterAll(() => t.close());

/** A value each editable takes: a facility code for routes (their stop), text for the rest. */
const valueFor = (editable: Editable, n: number) =>
  editable === routes ? FACILITIES[n % FACILITIES.length] : `${editable.thing} value ${n}`;

describe.each(EDITABLES.map((editable) => [editable.thing, editable] as const))(
  "a %s's version",
  (_, editable) => {
    it("is answered alike by REST and GraphQL", async () => {
      const ref = await editable.create(1);
      const read = await editable.get(ref);
      expect(Number.isInteger(read.version)).toBe(true);
      expect((await editable.node(ref)).version).toBe(read.version);
    });

    it("refuses the second of two editors who read the same version with 409 and the message; nothing of it is written", async () => {
      const ref = await editable.create(2);
      const { version } = await editable.get(ref);
      const first = await editable.save(ref, valueFor(editable, 1), version);
      expect(first.status).toBe(200);
      expect(first.body.version).toBe(version + 1);
      const audits = await editable.audits(ref);

      const second = await editable.save(ref, valueFor(editable, 2), version);
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ message: editable.changed, code: "CONFLICT" });
      expect(await editable.get(ref)).toEqual({ version: version + 1, value: valueFor(editable, 1) });
      expect(await editable.audits(ref)).toBe(audits);

      // GraphQL: the same refusal as a typed ConflictError.
      const { id } = await editable.node(ref);
      const stale = await editable.mutate(ref, id, valueFor(editable, 2), version);
      expect(stale).toMatchObject({ typename: "ConflictError", message: editable.changed });
      expect(await editable.get(ref)).toEqual({ version: version + 1, value: valueFor(editable, 1) });
    });

    it("saves a fresh version (REST `version` or GraphQL expectedVersion) and moves it; without one it saves as before", async () => {
      const ref = await editable.create(3);
      const { id, version } = await editable.node(ref);
      const saved = await editable.mutate(ref, id, valueFor(editable, 1), version);
      expect(saved).toMatchObject({ value: valueFor(editable, 1), version: version + 1 });
      const roundTrip = await editable.save(ref, valueFor(editable, 2), (await editable.get(ref)).version);
      expect(roundTrip.status).toBe(200);
      const legacy = await editable.save(ref, valueFor(editable, 0));
      expect(legacy.status).toBe(200);
      expect(await editable.get(ref)).toEqual({ version: version + 3, value: valueFor(editable, 0) });
    });

    it("refuses a version that is not a whole number >= 0 with 400, changing nothing", async () => {
      const ref = await editable.create(4);
      const before = await editable.get(ref);
      for (const version of [-1, 1.5, "one", true]) {
        expect((await editable.save(ref, valueFor(editable, 2), version)).status).toBe(400);
      }
      expect(await editable.get(ref)).toEqual(before);
    });

    it("lets exactly one of several saves of the same version through, REST and GraphQL together", async () => {
      const ref = await editable.create(5);
      const { id, version } = await editable.node(ref);
      const values = [0, 1, 2, 0, 1, 2].map((n, index) =>
        editable === routes ? valueFor(editable, n) : `${editable.thing} ${index}`,
      );
      const answers = await Promise.all([
        ...values.slice(0, 3).map(async (value) => {
          const answer = await editable.save(ref, value, version);
          return { status: answer.status, value };
        }),
        ...values.slice(3).map(async (value) => {
          const answer = await editable.mutate(ref, id, value, version);
          return { status: answer.typename === "ConflictError" ? 409 : answer.value ? 200 : 500, value };
        }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(await editable.get(ref)).toEqual({ version: version + 1, value: winner.value });
    });
  },
);

describe("other writers move the version, so an editor who read before them is refused", () => {
  it("a carrier: a driver attached, detached or made an operator", async () => {
    const ref = await carriers.create(10);
    const user = await createUser(t.app, { email: "occ-driver@example.com" });
    let { version } = await carriers.get(ref);
    const opened = version;
    const moved = async () => {
      const now = (await carriers.get(ref)).version;
      expect(now).toBeGreaterThan(version);
      version = now;
    };
    expect((await api("POST", `/carriers/${ref}/drivers`, { email: user.email })).status).toBe(200);
    await moved();
    expect((await api("DELETE", `/carriers/${ref}/drivers/${user.userId}`)).status).toBe(200);
    await moved();
    expect((await api("POST", `/carriers/${ref}/drivers`, { email: user.email })).status).toBe(200);
    await moved();
    const role = await graphql<{ changeUserRole: { __typename: string } }>(
      `mutation ($input: ChangeUserRoleInput!) { changeUserRole(input: $input) { __typename } }`,
      { input: { userId: user.userId, role: "ADMIN" } },
    );
    expect(role.changeUserRole.__typename).not.toMatch(/Error$/);
    await moved();
    // The form opened before all of that, naming a driver list from then, changes nothing.
    const stale = await api("PATCH", `/carriers/${ref}`, { drivers: [user.userId], version: opened });
    expect(stale.status).toBe(409);
    expect((await api<{ drivers: unknown[] }>("GET", `/carriers/${ref}`)).body.drivers).toEqual([]);
  });

  it("a route: a load edit, an upload and another route's save moving loads onto it or away", async () => {
    const ref = await routes.create(11);
    let { version } = await routes.get(ref);
    const opened = version;
    const moved = async () => {
      const now = (await routes.get(ref)).version;
      expect(now).toBeGreaterThan(version);
      version = now;
    };
    await uploadLoads(t.app, adminToken, [{ "Load ID": "OCC-MOVE-1" }, { "Load ID": "OCC-MOVE-2" }]);
    expect((await api("PUT", "/loads/OCC-MOVE-1", { routeNumber: ref })).status).toBe(200);
    await moved();
    await uploadLoads(t.app, adminToken, [{ "Load ID": "OCC-MOVE-2", Route: ref }]);
    await moved();
    await uploadLoads(t.app, adminToken, [{ "Load ID": "OCC-MOVE-3", Route: ref }]);
    await moved();
    const other = await api("POST", "/routing", { routeNumber: "OCCR-OTHER", loadIds: ["OCC-MOVE-3"] });
    expect(other.status).toBe(201);
    await moved();
    // The form opened before: saving its load list would take the moved loads off again.
    const stale = await api("PUT", `/routing/${ref}`, { assignedLoads: ["OCC-R11"], version: opened });
    expect(stale.status).toBe(409);
    const loads = (await api<{ assignedLoads: { loadId: string }[] }>("GET", `/routing/${ref}`)).body
      .assignedLoads;
    expect(loads.map((load) => load.loadId).sort()).toEqual(["OCC-MOVE-1", "OCC-MOVE-2", "OCC-R11"]);
  });

  it("a route: tracking's positions do not move it (a live route stays editable)", async () => {
    const ref = await routes.create(12);
    const { version } = await routes.get(ref);
    await t.app.deps.db.route.update({
      where: { routeNumber: ref },
      data: { lastLat: 41.9, lastLng: -87.6, lastPositionAt: new Date() },
    });
    expect((await routes.save(ref, FACILITIES[1], version)).status).toBe(200);
  });

  it("a NASS code: the import writes it, moves it and lists nothing skipped", async () => {
    const ref = await nassCodes.create(13);
    const { version } = await nassCodes.get(ref);
    const imported = await api<{ updatedCount: number; skipped: unknown[]; message: string }>(
      "POST",
      "/routing/nass/import",
      { csv: `Code,Facility Name\n${ref},From the file\nOCCN-NEW,New one\n` },
    );
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ updatedCount: 1, skipped: [] });
    expect(imported.body.message).toBe("NASS codes imported: 1 new, 1 updated.");
    expect(await nassCodes.get(ref)).toEqual({ version: version + 1, value: "From the file" });
    const stale = await nassCodes.save(ref, "The editor's", version);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(NASS_CHANGED_ELSEWHERE);
    expect((await nassCodes.get(ref)).value).toBe("From the file");
    expect((await nassCodes.get("OCCN-NEW")).version).toBe(0);
  });
});

async function poll(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("a NASS import racing edits", () => {
  it.runIf(testProvider === "postgresql")(
    "PostgreSQL: edits acknowledged between the import's read and its write are kept; the import skips those rows and lists them",
    async () => {
      const codes = ["OCC-RACE-1", "OCC-RACE-2", "OCC-RACE-3", "OCC-RACE-4"];
      await createNassCodes(t.app, codes);
      const versions = new Map(
        await Promise.all(codes.map(async (code) => [code, (await nassCodes.get(code)).version] as const)),
      );
      // Another transaction holds an uncommitted row of the file's new code: the import reads the
      // known codes, then waits on that row to insert its own: paused between its read and its write.
      const lock = new pg.Client({ connectionString: t.database.url });
      await lock.connect();
      await lock.query("BEGIN");
      await lock.query(
        `INSERT INTO "NassCode" ("id", "code", "createdAt") VALUES ('occ-race-lock', 'OCC-RACE-NEW', now())`,
      );
      const csv = ["Code,Facility Name", ...codes.map((code) => `${code},From the file`), "OCC-RACE-NEW,New"];
      const importing = api<{
        createdCount: number;
        updatedCount: number;
        skipped: unknown[];
        message: string;
      }>("POST", "/routing/nass/import", { csv: `${csv.join("\n")}\n` });
      try {
        await poll(async () => {
          const waiting = await lock.query(
            `SELECT 1 FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`,
          );
          return (waiting.rowCount ?? 0) > 0;
        }, "the import to wait for the new code's row");
        const edits = await Promise.all([
          nassCodes.save(codes[0], "Edited meanwhile", versions.get(codes[0])),
          nassCodes.save(codes[2], "Edited meanwhile (legacy)"),
        ]);
        expect(edits.map((edit) => edit.status)).toEqual([200, 200]);
      } finally {
        await lock.query("ROLLBACK");
        await lock.end();
      }
      const imported = await importing;
      expect(imported.status).toBe(200);
      expect(imported.body).toMatchObject({
        createdCount: 1,
        updatedCount: 2,
        skipped: [
          { row: 1, code: codes[0], reason: NASS_ROW_CHANGED_MEANWHILE },
          { row: 3, code: codes[2], reason: NASS_ROW_CHANGED_MEANWHILE },
        ],
      });
      expect(imported.body.message).toBe(
        "NASS codes imported: 1 new, 2 updated. 2 skipped: someone changed them while the file was importing.",
      );
      expect(await nassCodes.get(codes[0])).toEqual({
        version: versions.get(codes[0])! + 1,
        value: "Edited meanwhile",
      });
      expect((await nassCodes.get(codes[2])).value).toBe("Edited meanwhile (legacy)");
      for (const code of [codes[1], codes[3]]) {
        expect(await nassCodes.get(code)).toEqual({
          version: versions.get(code)! + 1,
          value: "From the file",
        });
      }
      const audit = await t.app.deps.db.auditLog.findFirstOrThrow({
        where: { action: "nass.import" },
        orderBy: { createdAt: "desc" },
      });
      expect(JSON.parse(audit.details ?? "{}")).toMatchObject({
        updatedCount: 2,
        skippedCount: 2,
        skippedCodes: [codes[0], codes[2]],
      });
    },
  );
});
