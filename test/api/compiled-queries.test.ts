import { afterAll, beforeAll, describe, expect, it } from "vitest";
import LoadListPageQuery from "../../client/src/loads/__generated__/LoadListPageQuery.graphql.ts";
import { compiledOperationCount, MAX_COMPILED_SOURCE } from "../../server/graphql/compiled-queries.ts";
import { adminAndCarrier, createTestApp, gql, type Session, type TestApp } from "../support/app.ts";
import { createNassCodes, uploadLoads } from "../support/loads.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { countQueries } from "../support/query-count.ts";

let t: TestApp;
let admin: Session;
let carrier: Session;

beforeAll(async () => {
  // No response cache: every run below is executed, none answered from a kept answer.
  t = await createTestApp({ responseCache: false });
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrier = world.carrierSession;
  await createNassCodes(t.app, ["CQ1", "CQ2"]);
  const rows = Array.from({ length: 8 }, (_, index) => ({
    "Load ID": `CQ-${index}`,
    Route: `CQR-${index % 3}`,
    Customer: "Acme",
    "Origin NASS": "CQ1",
    "Destination NASS": "CQ2",
  }));
  await uploadLoads(t.app, admin.token, rows);
});
afterAll(() => t.close());

/** Runs a document as `session` (anonymous without one), with the Prisma operations it made. */
async function run(query: string, variables: Record<string, unknown>, session?: Session) {
  const counter = countQueries(t.app);
  try {
    const result = await gql(t.app, query, variables, session ? { token: session.token } : {});
    return {
      status: result.status,
      data: result.data,
      errors: result.errors,
      operations: counter.operations,
    };
  } finally {
    counter.restore();
  }
}

describe("compiled queries", () => {
  it("run a signed-in viewer's document compiled from its second run, with the same answer", async () => {
    const before = compiledOperationCount();
    const variables = { page: 1, pageSize: 5 };
    const first = await run(LoadListPageQuery.params.text!, variables, admin);
    expect(compiledOperationCount()).toBe(before);
    const second = await run(LoadListPageQuery.params.text!, variables, admin);
    expect(compiledOperationCount()).toBe(before + 1);
    expect(first.errors).toBeUndefined();
    expect(second).toEqual(first);
    // Compiled once: later runs reuse it.
    await run(LoadListPageQuery.params.text!, variables, admin);
    expect(compiledOperationCount()).toBe(before + 1);
  });

  it("load relations through Prisma in the same statements as graphql-js", async () => {
    const query = `query { loads(page: 1, pageSize: 8) { edges { node { loadId
      route { routeNumber } stops { sequence nass { code city } } } } } }`;
    const first = await run(query, {}, admin);
    const second = await run(query, {}, admin);
    expect(first.errors).toBeUndefined();
    expect(second.data).toEqual(first.data);
    expect(second.operations).toEqual(first.operations);
    expect(second.operations.filter((operation) => operation.startsWith("Load"))).toEqual(["Load.findMany"]);
  });

  it("keep each type's auth scopes: a carrier sees its own bid and no one else's", async () => {
    const [other] = await bidders(t.app, 1);
    const offer = await openOffer(t.app, admin.token, (await biddableLoad(t.app)).loadId);
    await bid(t.app, carrier.token, offer._id, 1200);
    await bid(t.app, other.session.token, offer._id, 1100);
    const query = `query { activeOffers(page: 1, pageSize: 10) { edges { node { loadId bestOffer
      myBid { amount status } } } } }`;
    const first = await run(query, {}, carrier);
    const second = await run(query, {}, carrier);
    expect(first.errors).toBeUndefined();
    expect(second).toEqual(first);
    const node = (second.data as { activeOffers: { edges: { node: Record<string, unknown> }[] } })
      .activeOffers.edges[0].node;
    expect(node).toMatchObject({ loadId: offer.loadId, myBid: { amount: 1200 } });
    // An admin-only type stays refused to the carrier, compiled or not.
    const adminOnly = "query { loads(page: 1, pageSize: 2) { totalCount } }";
    const refused = [await run(adminOnly, {}, carrier), await run(adminOnly, {}, carrier)];
    expect(refused[1]).toEqual(refused[0]);
    expect(refused[1].errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("answer node/nodes under each type's read policy: null for another carrier's bid, compiled or not", async () => {
    const [other] = await bidders(t.app, 1);
    const offer = await openOffer(t.app, admin.token, (await biddableLoad(t.app)).loadId);
    await bid(t.app, carrier.token, offer._id, 1300);
    await bid(t.app, other.session.token, offer._id, 1250);
    const bids = await t.app.deps.db.bid.findMany({ where: { offerId: offer._id } });
    const globalId = (id: string) => Buffer.from(`Bid:${id}`).toString("base64");
    const mine = globalId(bids.find((row) => row.userId !== other.user.id)!.id);
    const theirs = globalId(bids.find((row) => row.userId === other.user.id)!.id);
    const query = `query ($ids: [ID!]!) { compiledNodes: nodes(ids: $ids) { id ... on Bid { amount } } }`;
    // The earlier tests may have spent this second's compile budget: start in a fresh one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = compiledOperationCount();
    const first = await run(query, { ids: [theirs, mine] }, carrier);
    const second = await run(query, { ids: [theirs, mine] }, carrier);
    expect(compiledOperationCount()).toBe(before + 1);
    expect(second).toEqual(first);
    expect(second.status).toBe(200);
    expect(second.errors).toBeUndefined();
    expect(second.data).toEqual({ compiledNodes: [null, { id: mine, amount: 1300 }] });
  });

  it("answer refused variables with graphql-js' own message", async () => {
    const query = "query ($size: Int) { loads(page: 1, pageSize: $size) { totalCount } }";
    const refused = await run(query, { size: "many" }, admin);
    expect(refused.status).toBe(400);
    await run(query, { size: 2 }, admin);
    await run(query, { size: 3 }, admin);
    const compiledRefusal = await run(query, { size: "many" }, admin);
    expect(compiledRefusal).toEqual(refused);
    expect(refused.errors?.[0].message).toMatch(/Variable "\$size" got invalid value "many"/);
  });

  it("never compile for anonymous callers, introspection, mutations or long documents", async () => {
    const before = compiledOperationCount();
    const long = `query { loads(page: 1, pageSize: 2) { totalCount }${" ".repeat(MAX_COMPILED_SOURCE)} }`;
    for (let index = 0; index < 3; index++) {
      expect((await run(long, {}, admin)).errors).toBeUndefined();
      await run("query { __typename }", {});
      await run("query { __schema { queryType { name } } }", {}, admin);
      await run("mutation { logout { __typename } }", {}, carrier);
    }
    expect(compiledOperationCount()).toBe(before);
  });
});
