import { readFileSync } from "node:fs";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { buildSchema, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builder } from "../../server/builder.ts";
import { systemContext } from "../../server/context.ts";
import { MAX_NODE_IDS, mayReadNodeType } from "../../server/graphql/nodes.ts";
import { readPolicyOfType } from "../../server/graphql/read-policy.ts";
import { schema } from "../../server/schema.ts";
import { DEMO_PASSWORD } from "../../server/seed/demo.ts";
import { createTestApp, gql, loginAs, type Session, type TestApp } from "../support/app.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { countQueries } from "../support/query-count.ts";
import { LEAK } from "../support/raw.ts";

let t: TestApp;
let admin: Session;
let carrier: Session;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await loginAs(t.app, "admin@freightway.test", DEMO_PASSWORD);
  carrier = await loginAs(t.app, "carrier@freightway.test", DEMO_PASSWORD);
  if (!(await t.app.deps.db.nassCode.findFirst())) {
    await t.app.deps.db.nassCode.create({ data: { code: "NODE1", facilityName: "Node test" } });
  }
  // Every Node type has a row to read (the demo has no contact messages).
  await t.app.deps.db.contactMessage.create({
    data: { email: "visitor@example.com", name: "Visitor", message: "Hello" },
  });
});
afterAll(() => t.close());

const nodeTypes = Object.values(schema.getTypeMap()).filter(
  (type) => isObjectType(type) && type.getInterfaces().some((iface) => iface.name === "Node"),
);

type Delegate = { findFirst(args: { select: { id: true } }): Promise<{ id: string } | null> };

/** Types read from another model's rows (a tracked route is a route). */
const MODEL_OF: Record<string, string> = { TrackedRoute: "Route", DriverTrip: "Load" };

async function anyRowId(typename: string): Promise<string | null> {
  const model = MODEL_OF[typename] ?? typename;
  const key = model.charAt(0).toLowerCase() + model.slice(1);
  const delegate = (t.app.deps.db as unknown as Record<string, Delegate | undefined>)[key];
  return delegate ? ((await delegate.findFirst({ select: { id: true } }))?.id ?? null) : null;
}

const NODE = "query ($id: ID!) { node(id: $id) { id __typename } }";

describe("node(id:) for every Node type", () => {
  it("finds Node types to walk, each with its own read rule", () => {
    expect(nodeTypes.map((type) => type.name)).toEqual(
      expect.arrayContaining(["Load", "NassCode", "Carrier", "User", "Notification"]),
    );
    for (const type of nodeTypes) {
      const options = builder.configStore.getTypeConfig(type.name).pothosOptions as { authScopes?: unknown };
      expect(options.authScopes, `${type.name} declares authScopes`).toBeDefined();
    }
  });

  it.each(nodeTypes.map((type) => type.name))(
    "%s: obeys the type's rule, never INTERNAL",
    async (typename) => {
      const rowId = await anyRowId(typename);
      const real = encodeGlobalID(typename, rowId ?? "missing-row");
      const missing = encodeGlobalID(typename, "c0000000000000000000missing");
      const counter = countQueries(t.app);
      try {
        // Anonymous: refused before any database work, the same for real and missing ids.
        for (const id of [real, missing]) {
          counter.reset();
          const anonymous = await gql(t.app, NODE, { id });
          expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
          expect(counter.operations).toEqual([]);
        }
        for (const [role, session] of [
          ["carrier", carrier],
          ["admin", admin],
        ] as const) {
          const allowed = mayReadNodeType(typename, { ...systemContext(t.app.deps), viewer: viewerOf(role) });
          counter.reset();
          const result = await gql(t.app, NODE, { id: real }, { token: session.token });
          const text = JSON.stringify(result);
          expect(text).not.toMatch(LEAK);
          expect(result.errors?.map((error) => error.extensions?.code) ?? []).not.toContain("INTERNAL");
          if (!allowed) {
            expect(result.data?.node).toBeNull();
            // Decided from the type's rule: no row was read.
            expect(counter.operations.filter((op) => !op.startsWith("Session."))).toEqual([]);
          }
          // Readable or not, never an error that tells an existing row from a missing one.
          expect(result.errors).toBeUndefined();
          expect(result.status).toBe(200);
          const absent = await gql(t.app, NODE, { id: missing }, { token: session.token });
          expect(absent.errors).toBeUndefined();
          expect(absent.data?.node).toBeNull();
        }
      } finally {
        counter.restore();
      }
    },
  );
});

function viewerOf(role: "admin" | "carrier") {
  return {
    id: "x",
    userId: "x",
    email: "x@example.com",
    role: role === "admin" ? ("ADMIN" as const) : ("CARRIER" as const),
    sessionId: "x",
    platform: "desktop",
  };
}

describe("node and nodes", () => {
  it("keeps NASS codes from carriers and shows them to admins", async () => {
    const nass = await t.app.deps.db.nassCode.findFirstOrThrow();
    const id = encodeGlobalID("NassCode", nass.id);
    const asCarrier = await gql(t.app, NODE, { id }, { token: carrier.token });
    expect(asCarrier.data?.node).toBeNull();
    const asAdmin = await gql(t.app, NODE, { id }, { token: admin.token });
    expect(asAdmin.data?.node).toEqual({ id, __typename: "NassCode" });
  });

  it("answers null for missing ids in place and caps the id list", async () => {
    const load = await t.app.deps.db.load.findFirstOrThrow();
    const ids = [
      encodeGlobalID("Load", load.id),
      encodeGlobalID("Load", "nope"),
      encodeGlobalID("Nope", "x"),
    ];
    const result = await gql(
      t.app,
      "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }",
      { ids },
      {
        token: admin.token,
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.nodes).toEqual([{ id: ids[0] }, null, null]);
    const tooMany = Array.from({ length: MAX_NODE_IDS + 1 }, (_, i) => encodeGlobalID("Load", `x${i}`));
    const capped = await gql(
      t.app,
      "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }",
      { ids: tooMany },
      {
        token: admin.token,
      },
    );
    expect(capped.errors?.[0].extensions?.code).toBe("VALIDATION");
  });

  it("refuses 50,000 anonymous ids at once, before any database work", async () => {
    const counter = countQueries(t.app);
    try {
      const ids = Array.from({ length: 50_000 }, (_, i) => encodeGlobalID("Load", `x${i}`));
      const started = performance.now();
      const result = await gql(t.app, "query ($ids: [ID!]!) { nodes(ids: $ids) { id } }", { ids });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(counter.operations).toEqual([]);
    } finally {
      counter.restore();
    }
  });
});

/**
 * The read policy matrix: for every Node type of the printed schema, one row and the viewers that
 * may read it. A viewer that may not gets null, in node and at its place in nodes (the other ids
 * of the call still resolve), with no error and HTTP 200: never a 403 that tells the row exists.
 */
describe("one read policy per type, for node and nodes", () => {
  type Who = "admin" | "owner" | "other" | "outsideBidder" | "pending";
  const viewers: Who[] = ["admin", "owner", "other", "outsideBidder", "pending"];
  const sessions = {} as Record<Who, Session>;
  /** Rows whose readers are not "admins only", by type. */
  const owned = {} as Record<string, { id: string; readers: Who[] }>;

  beforeAll(async () => {
    sessions.admin = admin;
    const load = await biddableLoad(t.app); // Chicago, IL to Dallas, TX
    const offer = await openOffer(t.app, admin.token, load.loadId);
    // owner: no areas (every offer); other: California only; outsideBidder: bid, then moved to California.
    const [owner, other, outsideBidder, pending] = await bidders(t.app, 4, [null, "CA", null, null]);
    expect((await bid(t.app, owner.session.token, offer._id, 1500)).status).toBe(201);
    expect((await bid(t.app, outsideBidder.session.token, offer._id, 1600)).status).toBe(201);
    const db = t.app.deps.db;
    await db.user.update({ where: { id: outsideBidder.user.id }, data: { areasOfOperation: "CA" } });
    await db.user.update({ where: { id: pending.user.id }, data: { approvalStatus: "pending" } });
    Object.assign(sessions, {
      owner: owner.session,
      other: other.session,
      outsideBidder: outsideBidder.session,
      pending: pending.session,
    });
    const ownerBid = await db.bid.findFirstOrThrow({ where: { offerId: offer._id, userId: owner.user.id } });
    const notification = await db.notification.create({
      data: { userId: owner.user.id, title: "Yours", message: "Only yours", type: "bid" },
    });
    // An e-mail in the outbox (operators only): failed, so the worker leaves it as it is.
    await db.outboundEmail.create({
      data: { to: "someone@example.com", subject: "Hello", text: "Hi", kind: "invitation", status: "failed" },
    });
    owned.User = { id: owner.user.id, readers: ["admin", "owner"] };
    owned.Bid = { id: ownerBid.id, readers: ["admin", "owner"] };
    // A message to one user: only that user reads it (admins read their own, see below).
    owned.Notification = { id: notification.id, readers: ["owner"] };
    owned.Offer = { id: offer._id, readers: ["admin", "owner", "outsideBidder"] };
    // A document of a load awarded to the owner: operators and the load's carrier side read it.
    const hauled = await db.load.update({
      where: { loadId: load.loadId },
      data: { assignedUserId: owner.user.id },
    });
    const document = await db.loadDocument.create({
      data: {
        loadId: hauled.id,
        type: "POD",
        fileName: "pod.pdf",
        contentType: "application/pdf",
        size: 1,
        sha256: "0",
      },
    });
    owned.LoadDocument = { id: document.id, readers: ["admin", "owner"] };
    // The driver's trip of that load (a live trip link): operators and the load's carrier side.
    await db.tripLink.create({
      data: {
        loadId: hauled.id,
        tokenHash: "node-access-trip",
        driverName: "Dana Driver",
        driverPhone: "+12015550142",
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    owned.DriverTrip = { id: hauled.id, readers: ["admin", "owner"] };
    // A document of the owner's carrier company: operators and the company's own users read it.
    const company = await db.carrier.create({
      data: {
        carrierId: "CAR-990001",
        carrierName: "Owner Haulage",
        dotNumber: "9900001",
        mcNumber: "9900001",
        contactName: "Owner",
        contactPhone: "+12015550199",
        contactEmail: "owner-haulage@example.com",
      },
    });
    await db.user.update({ where: { id: owner.user.id }, data: { carrierId: company.id } });
    const w9 = await db.carrierDocument.create({
      data: {
        carrierId: company.id,
        type: "W9",
        fileName: "w9.pdf",
        contentType: "application/pdf",
        size: 1,
        sha256: "0",
      },
    });
    owned.CarrierDocument = { id: w9.id, readers: ["admin", "owner"] };
    // A tender put to the owner: operators and the owner's carrier side read it.
    const tender = await db.tender.create({
      data: {
        offerId: offer._id,
        bidId: ownerBid.id,
        userId: owner.user.id,
        amountCents: 150_000,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    owned.Tender = { id: tender.id, readers: ["admin", "owner"] };
    // A bill the owner won: operators and the bill's own carrier read it (quick pay, issue #28).
    const ownersBill = await db.bill.create({
      data: {
        billNumber: "BILL-990001",
        carrier: "Owner Hauling",
        paymentDate: new Date(),
        amountCents: 100,
        winnerUserId: owner.user.id,
      },
    });
    owned.Bill = { id: ownersBill.id, readers: ["admin", "owner"] };
  });

  const printed = buildSchema(readFileSync("schema.graphql", "utf8"));
  const printedNodeTypes = Object.values(printed.getTypeMap())
    .filter((type) => isObjectType(type) && type.getInterfaces().some((iface) => iface.name === "Node"))
    .map((type) => type.name);

  it("walks every Node type of the printed schema, each with a declared read policy", () => {
    expect(printedNodeTypes.length).toBeGreaterThanOrEqual(15);
    for (const typename of printedNodeTypes) {
      const policy = readPolicyOfType(typename);
      expect(policy, `${typename} declares a read policy`).not.toBeNull();
      // A type a carrier may read some rows of needs a row in `owned` above.
      const carrierReach = policy?.reach(viewerOf("carrier"));
      if (carrierReach !== "none") expect(Object.keys(owned), typename).toContain(typename);
    }
  });

  it.each(printedNodeTypes)(
    "%s: each viewer reads it or gets null, in node and in nodes",
    async (typename) => {
      const row = owned[typename] ?? { id: await anyRowId(typename), readers: ["admin"] as Who[] };
      expect(row.id, `${typename} has a row to read`).not.toBeNull();
      const id = encodeGlobalID(typename, row.id ?? "");
      const missing = encodeGlobalID(typename, "c0000000000000000000missing");
      for (const who of viewers) {
        const session = sessions[who];
        const self = encodeGlobalID("User", session.userId);
        const expected = row.readers.includes(who) ? { id, __typename: typename } : null;
        const one = await gql(t.app, NODE, { id }, { token: session.token });
        expect(one.errors, `${who} node(${typename})`).toBeUndefined();
        expect(one.status).toBe(200);
        expect(one.data?.node, `${who} node(${typename})`).toEqual(expected);
        const many = await gql(t.app, NODES, { ids: [self, id, missing] }, { token: session.token });
        expect(many.errors, `${who} nodes(${typename})`).toBeUndefined();
        expect(many.status).toBe(200);
        expect(many.data?.nodes, `${who} nodes(${typename})`).toEqual([
          { id: self, __typename: "User" },
          expected,
          null,
        ]);
      }
    },
  );

  it("lists the offer to exactly the viewers node shows it to (one rule, two forms)", async () => {
    const offer = await t.app.deps.db.offer.findUniqueOrThrow({
      where: { id: owned.Offer.id },
      include: { load: { select: { loadId: true } } },
    });
    const LIST = "query ($q: String) { activeOffers(search: $q) { edges { node { id } } } }";
    for (const who of viewers) {
      const result = await gql<{ activeOffers: { edges: { node: { id: string } }[] } }>(
        t.app,
        LIST,
        { q: offer.load.loadId },
        { token: sessions[who].token },
      );
      if (who === "pending") {
        // The list refuses a carrier the marketplace is closed to, whatever it would hold.
        expect(result.errors?.[0].extensions?.code, who).toBe("FORBIDDEN");
        continue;
      }
      const listed = result.data?.activeOffers.edges.map((edge) => edge.node.id) ?? [];
      expect(listed, who).toEqual(
        owned.Offer.readers.includes(who) ? [encodeGlobalID("Offer", owned.Offer.id)] : [],
      );
    }
  });

  it("shows an admin its own notification through node", async () => {
    const mine = await t.app.deps.db.notification.create({
      data: { userId: admin.userId, title: "Admin's", message: "For the admin", type: "bid" },
    });
    const id = encodeGlobalID("Notification", mine.id);
    const result = await gql(t.app, NODE, { id }, { token: admin.token });
    expect(result.data?.node).toEqual({ id, __typename: "Notification" });
  });
});

const NODES = "query ($ids: [ID!]!) { nodes(ids: $ids) { id __typename } }";
