import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../server/app.ts";
import type { Db } from "../../server/db/client.ts";
import {
  adminAndCarrier,
  createTestApp,
  createUser,
  gql,
  type Session,
  type TestApp,
} from "../support/app.ts";
import { type CarrierAnswer, createCarrierAs } from "../support/carriers.ts";

let t: TestApp;
let admin: Session;
let carrierSession: Session;
const created: CarrierAnswer[] = [];
const TYPES = ["Trucking", "Rail", "Air"] as const;
const CONTACTS = ["Quinn", "Avery", "Morgan", "Blake", "Casey"];

/** 25 carriers whose sort keys differ early, so SQLite and PostgreSQL collations agree. */
beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrierSession = world.carrierSession;
  for (let n = 1; n <= 25; n++) {
    const tag = String(n).padStart(2, "0");
    created.push(
      await createCarrierAs(t.app, admin.token, n, {
        carrierName: `${String.fromCharCode(90 - n)}ebra Lines ${tag}`,
        type: TYPES[n % 3],
        contact: `${CONTACTS[n % 5]} Contact${tag}`,
        dotNumber: String(5_000_000 + ((n * 7) % 25)),
        mcNumber: String(600_000 + ((n * 11) % 25)),
      }),
    );
  }
});
afterAll(() => t.close());

const LIST = /* GraphQL */ `
  query List(
    $first: Int
    $after: String
    $last: Int
    $search: String
    $filter: CarrierFilter
    $orderBy: CarrierOrder
    $page: Int
    $pageSize: Int
  ) {
    carriers(
      first: $first
      after: $after
      last: $last
      search: $search
      filter: $filter
      orderBy: $orderBy
      page: $page
      pageSize: $pageSize
    ) {
      totalCount
      pageCount
      page
      pageInfo { hasNextPage endCursor }
      edges {
        cursor
        node {
          id
          carrierId
          carrierName
          dotNumber
          mcNumber
          type
          createdAt
          contact { name phone email }
          driverCount
          drivers { id userId fullName email }
        }
      }
    }
  }
`;

interface ListNode {
  id: string;
  carrierId: string;
  carrierName: string;
  dotNumber: string;
  mcNumber: string;
  type: string;
  createdAt: string;
  contact: { name: string; phone: string; email: string };
  driverCount: number;
  drivers: { id: string; email: string }[];
}
interface ListData {
  carriers: {
    totalCount: number;
    pageCount: number;
    page: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: { cursor: string; node: ListNode }[];
  };
}

const list = (variables: Record<string, unknown>, token: string | null = admin.token) =>
  gql<ListData>(t.app, LIST, variables, { token });

const namesOf = (result: { data: ListData | null }) =>
  result.data!.carriers.edges.map((edge) => edge.node.carrierName);

describe("carriers connection", () => {
  it("pages with first/after, sorted by name, with totalCount", async () => {
    const first = await list({ first: 10 });
    expect(first.errors).toBeUndefined();
    expect(first.data!.carriers.totalCount).toBe(25);
    expect(first.data!.carriers.pageInfo.hasNextPage).toBe(true);
    const second = await list({ first: 10, after: first.data!.carriers.pageInfo.endCursor });
    const third = await list({ first: 10, after: second.data!.carriers.pageInfo.endCursor });
    expect(third.data!.carriers.pageInfo.hasNextPage).toBe(false);
    const all = [...namesOf(first), ...namesOf(second), ...namesOf(third)];
    expect(all).toHaveLength(25);
    expect(all).toEqual(created.map((carrier) => carrier.carrierName).sort());
  });

  it("pages by number with page/pageSize (the screen's first/last/neighbour pages)", async () => {
    const sorted = created.map((carrier) => carrier.carrierName).sort();
    const page3 = await list({ page: 3, pageSize: 7 });
    expect(namesOf(page3)).toEqual(sorted.slice(14, 21));
    expect(page3.data!.carriers).toMatchObject({ totalCount: 25, pageCount: 4, page: 3 });
    const last = await list({ page: 4, pageSize: 7 });
    expect(namesOf(last)).toEqual(sorted.slice(21));
    expect(last.data!.carriers.pageInfo.hasNextPage).toBe(false);
    const beyond = await list({ page: 9, pageSize: 7 });
    expect(namesOf(beyond)).toEqual([]);
    const defaultSize = await list({ page: 1 });
    expect(namesOf(defaultSize)).toHaveLength(25);
  });

  it("refuses page with after, and page sizes out of range", async () => {
    const first = await list({ first: 2 });
    const mixed = await list({ page: 2, after: first.data!.carriers.pageInfo.endCursor });
    expect(mixed.errors?.[0]).toMatchObject({
      message: "page cannot be combined with after, before or last",
      extensions: { code: "VALIDATION" },
    });
    expect((await list({ page: 0 })).errors?.[0].extensions?.code).toBe("VALIDATION");
    expect((await list({ page: 1, pageSize: 500 })).errors?.[0].extensions?.code).toBe("VALIDATION");
  });

  it.each([
    ["name, any case", "EBRA LINES 07", ["Sebra Lines 07"]],
    ["carrierId", "CAR-000003", ["Webra Lines 03"]],
    ["DOT # with its prefix", "DOT 5000021", ["Webra Lines 03"]],
    ["MC # with its prefix", "MC-600008", ["Webra Lines 03"]],
    ["contact name", "contact05", ["Uebra Lines 05"]],
    ["contact phone as typed", "(201) 555-0112", ["Nebra Lines 12"]],
    ["contact e-mail", "dispatch19@", ["Gebra Lines 19"]],
  ])("searches by %s", async (_label, search, expected) => {
    const result = await list({ search });
    expect(result.errors).toBeUndefined();
    expect(namesOf(result)).toEqual(expected);
    expect(result.data!.carriers.totalCount).toBe(expected.length);
  });

  it("filters by type, together with search", async () => {
    const rail = await list({ filter: { type: "Rail" } });
    expect(rail.data!.carriers.totalCount).toBe(created.filter((carrier) => carrier.type === "Rail").length);
    expect(rail.data!.carriers.edges.every((edge) => edge.node.type === "Rail")).toBe(true);
    const railWithSearch = await list({ filter: { type: "Rail" }, search: "Lines 01" });
    expect(namesOf(railWithSearch)).toEqual(["Yebra Lines 01"]);
    const none = await list({ filter: { type: "Air" }, search: "Lines 01" });
    expect(none.data!.carriers.totalCount).toBe(0);
  });

  const KEYS: [string, (node: ListNode) => string][] = [
    ["CARRIER_NAME", (node) => node.carrierName],
    ["DOT_NUMBER", (node) => node.dotNumber],
    ["MC_NUMBER", (node) => node.mcNumber],
    ["TYPE", (node) => node.type],
    ["CONTACT_NAME", (node) => node.contact.name],
    ["CONTACT_PHONE", (node) => node.contact.phone],
    ["CREATED_AT", (node) => node.createdAt],
  ];
  it.each(KEYS)("sorts by %s both ways", async (sortBy, key) => {
    for (const sortDirection of ["ASC", "DESC"]) {
      const result = await list({ orderBy: { field: sortBy, direction: sortDirection }, first: 100 });
      const values = result.data!.carriers.edges.map((edge) => key(edge.node));
      const expected = [...values].sort();
      expect(values).toEqual(sortDirection === "ASC" ? expected : expected.reverse());
    }
  });

  it("reads the list in a fixed number of database operations, however many carriers and drivers", async () => {
    const driver = await createUser(t.app, {
      email: "counted@drivers.example.com",
      fullName: "Counted Driver",
    });
    await t.app.deps.db.user.update({ where: { id: driver.id }, data: { carrierId: created[0]._id } });
    const small = await countOperations(t.app, () => list({ first: 3 }));
    const large = await countOperations(t.app, () => list({ first: 25 }));
    expect(large.count).toBe(small.count);
    expect(large.count).toBeLessThanOrEqual(5);
    const withDriver = large.result.data!.carriers.edges.find(
      (edge) => edge.node.carrierId === created[0].carrierId,
    );
    expect(withDriver?.node).toMatchObject({
      driverCount: 1,
      drivers: [{ email: "counted@drivers.example.com" }],
    });
  });

  it("is for admins only", async () => {
    const asCarrier = await list({ first: 1 }, carrierSession.token);
    expect(asCarrier.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(asCarrier.status).toBe(403);
    const anonymous = await list({ first: 1 }, null);
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});

/** Counts the Prisma operations the app runs while `run` executes. */
async function countOperations<T>(app: App, run: () => Promise<T>): Promise<{ count: number; result: T }> {
  const original = app.deps.db;
  let count = 0;
  app.deps.db = original.$extends({
    query: {
      $allModels: {
        $allOperations({ args, query }) {
          count++;
          return query(args);
        },
      },
    },
  }) as unknown as Db;
  try {
    const result = await run();
    return { count, result };
  } finally {
    app.deps.db = original;
  }
}

describe("carrier detail", () => {
  const DETAIL = /* GraphQL */ `
    query Detail($id: ID!, $carrierId: String!) {
      node(id: $id) { ... on Carrier { carrierId carrierName } }
      carrierByCarrierId(carrierId: $carrierId) { id carrierName contact { email } }
    }
  `;
  it("finds a carrier by global id (node) and by carrierId", async () => {
    const carrier = created[2];
    const byCarrierId = await gql<{ carrierByCarrierId: { id: string } }>(
      t.app,
      `query { carrierByCarrierId(carrierId: "${carrier.carrierId.toLowerCase()}") { id } }`,
      {},
      { token: admin.token },
    );
    const id = byCarrierId.data!.carrierByCarrierId.id;
    const result = await gql(t.app, DETAIL, { id, carrierId: carrier.carrierId }, { token: admin.token });
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({
      node: { carrierId: carrier.carrierId, carrierName: carrier.carrierName },
      carrierByCarrierId: { id, contact: { email: carrier.contact.email } },
    });
    const missing = await gql(
      t.app,
      `query { carrierByCarrierId(carrierId: "CAR-999999") { id } }`,
      {},
      {
        token: admin.token,
      },
    );
    expect(missing.data).toEqual({ carrierByCarrierId: null });
    const asCarrier = await gql(
      t.app,
      DETAIL,
      { id, carrierId: carrier.carrierId },
      { token: carrierSession.token },
    );
    expect(asCarrier.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateCarrierInput!) {
    createCarrier(input: $input) {
      __typename
      ... on MutationCreateCarrierSuccess {
        data { carrier { id carrierId carrierName dotNumber mcNumber type contact { name phone email } drivers { id } } }
      }
      ... on Error { message code }
      ... on ValidationError { fields { field message } }
    }
  }
`;

const UPDATE = /* GraphQL */ `
  mutation Update($input: UpdateCarrierInput!) {
    updateCarrier(input: $input) {
      __typename
      ... on MutationUpdateCarrierSuccess {
        data { carrier { id carrierName type contact { name phone email } driverCount drivers { email } } }
      }
      ... on Error { message code }
      ... on ValidationError { fields { field message } }
    }
  }
`;

interface MutationResult {
  __typename: string;
  message?: string;
  fields?: { field: string; message: string }[];
  data?: { carrier: Record<string, unknown> & { id: string } };
}

describe("createCarrier / updateCarrier", () => {
  const create = (input: Record<string, unknown>, token = admin.token) =>
    gql<{ createCarrier: MutationResult }>(t.app, CREATE, { input }, { token });
  const update = (input: Record<string, unknown>, token = admin.token) =>
    gql<{ updateCarrier: MutationResult }>(t.app, UPDATE, { input }, { token });
  const form = {
    carrierName: "Graph Freight",
    dotNumber: "DOT 7100001",
    mcNumber: "MC-710001",
    contact: "Gail Graph",
    phone: "2125550190",
    email: "ops@graphfreight.example.com",
  };

  it("creates a carrier (Trucking by default)", async () => {
    const result = await create(form);
    expect(result.errors).toBeUndefined();
    expect(result.data!.createCarrier.__typename).toBe("MutationCreateCarrierSuccess");
    expect(result.data!.createCarrier.data!.carrier).toMatchObject({
      carrierName: "Graph Freight",
      dotNumber: "7100001",
      mcNumber: "710001",
      type: "Trucking",
      contact: { name: "Gail Graph", phone: "+12125550190", email: "ops@graphfreight.example.com" },
      drivers: [],
    });
  });

  it("answers the form's texts as a ValidationError with every field", async () => {
    const result = await create({ carrierName: " ", email: "x" });
    expect(result.data!.createCarrier).toMatchObject({
      __typename: "ValidationError",
      message: "Carrier name is required",
    });
    expect(result.data!.createCarrier.fields).toEqual([
      { field: "carrierName", message: "Carrier name is required" },
      { field: "dotNumber", message: "DOT # is required" },
      { field: "mcNumber", message: "MC # is required" },
      { field: "contact", message: "Contact is required" },
      { field: "phone", message: "Phone is required" },
      { field: "email", message: "Valid email is required" },
    ]);
  });

  it("answers a ConflictError for a taken e-mail", async () => {
    const result = await create({ ...form, dotNumber: "7100002", mcNumber: "710002" });
    expect(result.data!.createCarrier).toMatchObject({
      __typename: "ConflictError",
      message: "A carrier with this email already exists.",
    });
  });

  it("updates fields, contact and the driver set in one call", async () => {
    const carrier = created[5];
    const driver = await createUser(t.app, {
      email: "graph.driver@drivers.example.com",
      fullName: "Graph Driver",
    });
    const result = await update({
      id: carrier.carrierId,
      carrierName: "Renamed By Graph",
      type: "Air",
      contact: { phone: "+1 415 555 0175" },
      driverIds: [Buffer.from(`User:${driver.id}`).toString("base64")],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateCarrier.data!.carrier).toMatchObject({
      carrierName: "Renamed By Graph",
      type: "Air",
      contact: { name: carrier.contact.name, phone: "+14155550175", email: carrier.contact.email },
      driverCount: 1,
      drivers: [{ email: "graph.driver@drivers.example.com" }],
    });
    const byGlobalId = await update({ id: result.data!.updateCarrier.data!.carrier.id, driverIds: [] });
    expect(byGlobalId.data!.updateCarrier.data!.carrier).toMatchObject({ driverCount: 0 });
  });

  it("answers the edit form's texts, unknown carriers and unknown drivers", async () => {
    const carrier = created[6];
    const invalid = await update({
      id: carrier.carrierId,
      carrierName: "",
      contact: { phone: "", email: "nope" },
    });
    expect(invalid.data!.updateCarrier).toMatchObject({ __typename: "ValidationError", message: "Required" });
    expect(invalid.data!.updateCarrier.fields).toEqual([
      { field: "carrierName", message: "Required" },
      { field: "contact.phone", message: "Required" },
      { field: "contact.email", message: "Valid email required" },
    ]);
    const unknown = await update({ id: "CAR-999999", carrierName: "X" });
    expect(unknown.data!.updateCarrier).toMatchObject({
      __typename: "NotFoundError",
      message: "Carrier not found",
    });
    const unknownDriver = await update({ id: carrier.carrierId, driverIds: ["FW-GHOST"] });
    expect(unknownDriver.data!.updateCarrier).toMatchObject({
      __typename: "NotFoundError",
      message: "User not found: FW-GHOST",
    });
  });

  it("refuses non-admins and anonymous callers", async () => {
    expect((await create(form, carrierSession.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const anonymous = await gql(t.app, UPDATE, { input: { id: created[0].carrierId, carrierName: "X" } });
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
