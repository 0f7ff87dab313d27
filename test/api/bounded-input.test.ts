import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_MAX } from "../../common/contact.ts";
import { SEARCH_TEXT_MAX, TEXT_MAX } from "../../common/input-text.ts";
import { adminAndCarrier, createTestApp, gql, rest, type Session, type TestApp } from "../support/app.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";
import { at, trackedRouteFixture } from "../support/tracking.ts";

/**
 * Security issue #24, "bounded input by default": every text field is bounded and clean, on
 * GraphQL and REST, on both databases (a NUL used to answer 500 on PostgreSQL).
 */
let t: TestApp;
let adminSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminSession } = await adminAndCarrier(t.app));
});
afterAll(() => t.close());

const SEND = /* GraphQL */ `
  mutation Send($input: SendContactMessageInput!) {
    sendContactMessage(input: $input) {
      __typename
      ... on Error { message }
    }
  }
`;

const NUL_MESSAGE = "name must not contain control characters (such as NUL)";

let address = 0;
const nextIp = () => `10.24.${Math.floor(++address / 250)}.${address % 250}`;

describe("text is bounded and clean by default", () => {
  it("refuses a NUL in the anonymous contact form over GraphQL: 400 naming the field, nothing stored", async () => {
    const before = await t.app.deps.db.contactMessage.count();
    const input = { email: "nul@example.com", name: "Nu\u0000l", message: "hello" };
    const result = await gql(t.app, SEND, { input }, { ip: nextIp() });
    expect(result.status).toBe(400);
    expect(result.data).toBeNull();
    expect(result.errors?.[0]).toMatchObject({
      message: NUL_MESSAGE,
      extensions: { code: "VALIDATION", fields: [{ field: "name", message: NUL_MESSAGE }] },
    });
    // An inline literal is checked the same way as a variable.
    const inline = await gql(
      t.app,
      `mutation { sendContactMessage(input: {email: "nul@example.com", name: "Nu\\u0000l", message: "hi"}) { __typename } }`,
      {},
      { ip: nextIp() },
    );
    expect(inline.status).toBe(400);
    expect(inline.errors?.[0].extensions?.fields).toEqual([{ field: "name", message: NUL_MESSAGE }]);
    expect(await t.app.deps.db.contactMessage.count()).toBe(before);
  });

  it("refuses a NUL in the anonymous contact form over REST: 400 naming the field, nothing stored", async () => {
    const before = await t.app.deps.db.contactMessage.count();
    const result = await rest(
      t.app,
      "POST",
      "/contact",
      { email: "nul@example.com", name: "Nu\u0000l", message: "hello" },
      { ip: nextIp() },
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      message: NUL_MESSAGE,
      code: "VALIDATION",
      errors: [{ field: "name", message: NUL_MESSAGE }],
    });
    const other = await rest(
      t.app,
      "POST",
      "/contact",
      { email: "nul@example.com", name: "Ann", message: "bell\u0007 and DEL\u007f" },
      { ip: nextIp() },
    );
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([
      { field: "message", message: "message must not contain control characters (such as NUL)" },
    ]);
    expect(await t.app.deps.db.contactMessage.count()).toBe(before);
  });

  it("keeps tabs and line breaks, and a field's own larger limit (the contact message's 5,000)", async () => {
    const message = `Line 1\r\n\tLine 2 ${"x".repeat(CONTACT_MESSAGE_MAX - 20)}`;
    const sent = await gql<{ sendContactMessage: { __typename: string } }>(
      t.app,
      SEND,
      { input: { email: "long@example.com", name: "Ann", message } },
      { ip: nextIp() },
    );
    expect(sent.data?.sendContactMessage.__typename).toBe("MutationSendContactMessageSuccess");
    const viaRest = await rest(
      t.app,
      "POST",
      "/contact",
      { email: "long2@example.com", name: "Ann", message },
      {
        ip: nextIp(),
      },
    );
    expect(viaRest.status).toBe(201);
  });

  it("refuses an over-long string argument with 400, whatever the field", async () => {
    const query = `query ($id: String!) { loadByLoadId(loadId: $id) { id } }`;
    const long = await gql(t.app, query, { id: "L".repeat(TEXT_MAX + 1) }, { token: adminSession.token });
    expect(long.status).toBe(400);
    expect(long.errors?.[0]).toMatchObject({
      message: `loadId is longer than ${TEXT_MAX} characters`,
      extensions: { code: "VALIDATION", fields: [{ field: "loadId" }] },
    });
    const search = await gql(
      t.app,
      `query ($s: String) { loads(search: $s) { totalCount } }`,
      { s: "s".repeat(SEARCH_TEXT_MAX + 1) },
      { token: adminSession.token },
    );
    expect(search.status).toBe(400);
    expect(search.errors?.[0].message).toBe(`search is longer than ${SEARCH_TEXT_MAX} characters`);
    const fine = await gql(
      t.app,
      `query ($s: String) { loads(search: $s) { totalCount } }`,
      { s: "s".repeat(SEARCH_TEXT_MAX) },
      { token: adminSession.token },
    );
    expect(fine.status).toBe(200);
    expect(fine.errors).toBeUndefined();
    const contactName = await gql(
      t.app,
      SEND,
      { input: { email: "a@example.com", name: "n".repeat(TEXT_MAX + 1), message: "m" } },
      { ip: nextIp() },
    );
    expect(contactName.status).toBe(400);
    expect(contactName.errors?.[0].extensions?.fields).toEqual([
      { field: "name", message: `name is longer than ${TEXT_MAX} characters` },
    ]);
  });

  it("refuses control characters in rows of a list argument and names the row", async () => {
    const query = `mutation ($input: CreateRouteInput!) { createRoute(input: $input) { __typename } }`;
    const result = await gql(
      t.app,
      query,
      { input: { routeNumber: "RT-1", loadIds: ["A", "B", "C\u0000"] } },
      { token: adminSession.token },
    );
    expect(result.status).toBe(400);
    expect(result.errors?.[0].extensions?.fields).toEqual([
      { field: "loadIds[2]", message: "loadIds[2] must not contain control characters (such as NUL)" },
    ]);
  });

  it("refuses control characters in upload cells (GraphQL CsvRows and REST rows) and in NASS fields", async () => {
    const upload = await gql(
      t.app,
      `mutation ($input: UploadLoadsInput!) { uploadLoads(input: $input) { __typename } }`,
      {
        input: {
          stream: "USPS",
          columns: ["load_id", "customer"],
          rows: [
            ["NUL-1", "ok"],
            ["NUL-2", "A\u0000"],
          ],
        },
      },
      { token: adminSession.token },
    );
    expect(upload.status).toBe(400);
    expect(upload.errors?.[0].extensions?.fields).toEqual([
      { field: "rows[1][1]", message: "rows[1][1] must not contain control characters (such as NUL)" },
    ]);
    const viaRest = await rest(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads: [{ "Load ID": "NUL-3", Notes: "x\u0000" }] },
      { token: adminSession.token },
    );
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.errors).toEqual([
      {
        field: "loads[0].Notes",
        message: "loads[0].Notes must not contain control characters (such as NUL)",
      },
    ]);
    const nass = await rest(
      t.app,
      "POST",
      "/routing/nass",
      { code: "NUL01", facilityName: "Dock\u0000" },
      { token: adminSession.token },
    );
    expect(nass.status).toBe(400);
    expect(nass.body.errors).toEqual([
      { field: "facilityName", message: "facilityName must not contain control characters (such as NUL)" },
    ]);
    expect(await t.app.deps.db.load.count({ where: { loadId: { startsWith: "NUL-" } } })).toBe(0);
    expect(await t.app.deps.db.nassCode.count({ where: { code: "NUL01" } })).toBe(0);
  });
});

describe("search text is literal and capped", () => {
  const names = ["A_1 Lines", "AB1 Lines", "A%1 Lines", "AXY1 Lines", "A\\1 Lines"];

  beforeAll(async () => {
    for (const [index, carrierName] of names.entries()) {
      await t.app.deps.db.carrier.create({
        data: {
          carrierName,
          carrierId: `CAR-LIKE-${index}`,
          dotNumber: `9100${index}`,
          mcNumber: `9200${index}`,
          contactName: "Like Tester",
          contactPhone: "+12015550123",
          contactEmail: `like${index}@example.com`,
        },
      });
      await t.app.deps.db.load.create({ data: { loadId: `LIKE-${carrierName.slice(0, 3)}-${index}` } });
    }
  });

  const carrierQuery = `query ($s: String) { carriers(search: $s, pageSize: 50) { edges { node { carrierName } } } }`;

  it("matches % _ and \\ literally in a Prisma search (carriers), over GraphQL and REST", async () => {
    const byGraphQL = async (search: string) => {
      const result = await gql<{ carriers: { edges: { node: { carrierName: string } }[] } }>(
        t.app,
        carrierQuery,
        { s: search },
        { token: adminSession.token },
      );
      expect(result.errors).toBeUndefined();
      return result.data!.carriers.edges.map((edge) => edge.node.carrierName).sort();
    };
    expect(await byGraphQL("A_1")).toEqual(["A_1 Lines"]);
    expect(await byGraphQL("a%1")).toEqual(["A%1 Lines"]);
    expect(await byGraphQL("A\\1")).toEqual(["A\\1 Lines"]);
    expect(await byGraphQL("1 lines")).toHaveLength(5);
    const byRest = await rest<{ carrierName: string }[]>(t.app, "GET", "/carriers?search=A_1", undefined, {
      token: adminSession.token,
    });
    expect(byRest.status).toBe(200);
    expect(byRest.body.map((carrier) => carrier.carrierName)).toEqual(["A_1 Lines"]);
  });

  it("matches % and _ literally in an SQL search (loads)", async () => {
    const loads = async (search: string) => {
      const result = await gql<{ loads: { edges: { node: { loadId: string } }[] } }>(
        t.app,
        `query ($s: String) { loads(search: $s) { edges { node { loadId } } } }`,
        { s: search },
        { token: adminSession.token },
      );
      expect(result.errors).toBeUndefined();
      return result.data!.loads.edges.map((edge) => edge.node.loadId).sort();
    };
    expect(await loads("LIKE-A_1")).toEqual(["LIKE-A_1-0"]);
    expect(await loads("like-a%")).toEqual(["LIKE-A%1-2"]);
  });

  it("caps search text at 200 characters and refuses control characters on REST too", async () => {
    const long = await rest(t.app, "GET", `/routing?search=${"r".repeat(201)}`, undefined, {
      token: adminSession.token,
    });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: "search", message: "search is longer than 200 characters" }]);
    const nul = await rest(t.app, "GET", "/tracking?search=a%00b", undefined, { token: adminSession.token });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([
      { field: "search", message: "search must not contain control characters (such as NUL)" },
    ]);
    const fine = await rest(t.app, "GET", `/routing?search=${"r".repeat(200)}`, undefined, {
      token: adminSession.token,
    });
    expect(fine.status).toBe(200);
  });
});

describe("dates are real calendar dates in 2000-2100", () => {
  it("refuses 2026-02-30 and year 0001 in a GraphQL DateTime instead of reading March 2", async () => {
    const load = await t.app.deps.db.load.create({ data: { loadId: "DATE-1" } });
    const update = `mutation ($input: UpdateLoadInput!) { updateLoad(input: $input) { __typename } }`;
    const id = Buffer.from(`Load:${load.id}`).toString("base64");
    for (const [pickupDate, message] of [
      ["2026-02-30", "DateTime is not a real calendar date"],
      ["2026-02-30T10:00:00Z", "DateTime is not a real calendar date"],
      ["0001-01-01", "DateTime must be between the years 2000 and 2100"],
    ]) {
      const result = await gql(t.app, update, { input: { id, pickupDate } }, { token: adminSession.token });
      expect(result.status, pickupDate).toBe(400);
      expect(result.errors?.[0].message, pickupDate).toContain(message);
    }
    const filter = await gql(
      t.app,
      `{ loads(filter: { pickupFrom: "2026-02-30" }) { totalCount } }`,
      {},
      { token: adminSession.token },
    );
    expect(filter.status).toBe(400);
    const stored = await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } });
    expect(stored.pickupDate).toBeNull();
  });

  it("refuses 2026-02-30 on every REST date input: loads, invoices, bills, positions", async () => {
    const token = adminSession.token;
    await t.app.deps.db.load.create({ data: { loadId: "DATE-2" } });
    const load = await rest(t.app, "PUT", "/loads/DATE-2", { pickupDate: "2026-02-30" }, { token });
    expect(load.status).toBe(400);
    expect(load.body.errors).toEqual([
      { field: "pickupDate", message: "Pickup Date '2026-02-30' is not a valid date" },
    ]);
    const old = await rest(t.app, "PUT", "/loads/DATE-2", { deliveryDate: "1999-12-31" }, { token });
    expect(old.status).toBe(400);
    const invoice = await rest(
      t.app,
      "POST",
      "/billing/accounts-receivable",
      { customerPayer: "USPS", dueDate: "2026-02-30T00:00:00Z", amountDue: 10, status: "pending" },
      { token },
    );
    expect(invoice.status).toBe(400);
    expect(invoice.body.errors).toEqual([{ field: "dueDate", message: "Enter a date as YYYY-MM-DD" }]);
    const bill = await rest(
      t.app,
      "POST",
      "/billing/accounts-payable",
      { carrier: "Carl", paymentDate: "2101-01-01", amount: 10, status: "pending" },
      { token },
    );
    expect(bill.status).toBe(400);

    const { route } = await trackedRouteFixture(t.app, {
      routeNumber: "DATE-RT",
      stops: [
        { type: "pickup", lat: 0, lng: 1 },
        { type: "delivery", lat: 0, lng: 2 },
      ],
    });
    const post = (recordedAt: string) =>
      rest(
        t.app,
        "POST",
        "/tracking/DATE-RT/positions",
        { positions: [{ lat: 0, lng: 0, recordedAt }] },
        { token },
      );
    const unreal = await post("2026-02-30T10:00:00Z");
    expect(unreal.status).toBe(400);
    expect(unreal.body.errors).toEqual([
      { field: "positions.0.recordedAt", message: "recordedAt is not a real calendar date" },
    ]);
    const stale = await post(at(-8 * 24 * 60));
    expect(stale.status).toBe(400);
    expect(stale.body.errors).toEqual([
      { field: "positions.0.recordedAt", message: "recordedAt may not be more than 7 days in the past" },
    ]);
    expect((await post(at(-6 * 24 * 60))).status).toBe(201);
    expect(await t.app.deps.db.trackingPosition.count({ where: { routeId: route.id } })).toBe(1);
  });
});

describe("money is whole cents, compared after rounding, at most $10,000,000.00", () => {
  const MAX_BID = "A bid cannot exceed $10,000,000.00";

  it("refuses a bid of 1e-9 (it used to be stored as $0.00) and one of 99,999,999, storing nothing", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, adminSession.token, load.loadId);
    const [carrier] = await bidders(t.app, 1);
    for (const amount of [1e-9, "0.001", 0.004]) {
      const result = await bid(t.app, carrier.session.token, offer._id, amount);
      expect(result.status, String(amount)).toBe(400);
      expect(result.body.message).toBe("Please enter a valid bid.");
    }
    for (const amount of [99_999_999, "99999999", 10_000_000.01, 21_474_836.48]) {
      const result = await bid(t.app, carrier.session.token, offer._id, amount);
      expect(result.status, String(amount)).toBe(400);
      expect(result.body).toMatchObject({
        message: MAX_BID,
        errors: [{ field: "amount", message: MAX_BID }],
      });
    }
    expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(0);

    const PLACE = `mutation ($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on Error { message } } }`;
    const offerId = Buffer.from(`Offer:${offer._id}`).toString("base64");
    const tiny = await gql<{ placeBid: { message: string } }>(
      t.app,
      PLACE,
      { input: { offerId, amount: 1e-9 } },
      { token: carrier.session.token },
    );
    expect(tiny.data?.placeBid.message).toBe("Please enter a valid bid.");
    const huge = await gql<{ placeBid: { message: string } }>(
      t.app,
      PLACE,
      { input: { offerId, amount: 99_999_999 } },
      { token: carrier.session.token },
    );
    expect(huge.data?.placeBid.message).toBe(MAX_BID);
    expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(0);

    const most = await bid(t.app, carrier.session.token, offer._id, 10_000_000);
    expect(most.status).toBe(201);
    const least = await bid(t.app, carrier.session.token, offer._id, 0.01);
    expect(least.status).toBe(200);
    const stored = await t.app.deps.db.bid.findFirstOrThrow({ where: { offerId: offer._id } });
    expect(stored.amountCents).toBe(1);
  });

  it("caps every money input at $10,000,000.00: target rates, load rates, invoices", async () => {
    const load = await biddableLoad(t.app);
    const offer = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId, targetRate: 99_999_999 },
      { token: adminSession.token },
    );
    expect(offer.status).toBe(400);
    expect(offer.body.message).toBe("Target rate cannot exceed $10,000,000.00");
    const tinyTarget = await rest(
      t.app,
      "POST",
      "/offers",
      { loadId: load.loadId, targetRate: 1e-9 },
      { token: adminSession.token },
    );
    expect(tinyTarget.status).toBe(400);
    expect(tinyTarget.body.message).toBe("Enter a valid target rate");
    const invoice = await rest(
      t.app,
      "POST",
      "/billing/accounts-receivable",
      { customerPayer: "USPS", dueDate: "2026-12-01", amountDue: 99_999_999, status: "pending" },
      { token: adminSession.token },
    );
    expect(invoice.status).toBe(400);
    expect(invoice.body.message).toBe("Amount cannot exceed $10,000,000.00");
    const rate = await gql<{ setLoadCustomerRate: { __typename: string; message?: string } }>(
      t.app,
      `mutation ($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename ... on Error { message } } }`,
      { input: { id: Buffer.from(`Load:${load.id}`).toString("base64"), customerRate: "99999999" } },
      { token: adminSession.token },
    );
    expect(rate.data?.setLoadCustomerRate).toEqual({
      __typename: "ValidationError",
      message: "Amount cannot exceed $10,000,000.00",
    });
  });
});
