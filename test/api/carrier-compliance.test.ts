import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  awardBlockedMessage,
  bidBlockedMessage,
  CENSUS_MAX_BYTES,
  COMPLIANCE_MESSAGES,
} from "../../common/compliance.ts";
import type { App } from "../../server/app.ts";
import { expiryWarningText, warnExpiringInsurance } from "../../server/compliance/expiry.ts";
import { assertCarrierCompliant } from "../../server/compliance/service.ts";
import { decideDueAutoAwards } from "../../server/offers/award.ts";
import { expireDueTenders } from "../../server/offers/tender.ts";
import {
  adminAndCarrier,
  BASE,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type TestApp,
} from "../support/app.ts";
import { type CarrierAnswer, createCarrierAs } from "../support/carriers.ts";
import { bid, biddableLoad, openOffer } from "../support/offers.ts";
import { twoInstances } from "../support/two-instances.ts";

/**
 * Issue 29's compliance gate: operators record and verify a carrier's authority, insurance and
 * W-9 (or fill authority from the FMCSA census CSV); with CARRIER_COMPLIANCE=required only a
 * compliant carrier bids or is awarded, and insurance expiring within 30 days is warned about once.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let serial = 0;

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const today = () => new Date().toISOString().slice(0, 10);
const admin = () => world.adminSession.token;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

function gate(mode: "off" | "required") {
  t.app.deps.config.carrierCompliance = mode;
}

async function upload(app: App, carrierId: string, type: string, insuranceExpiresOn?: string) {
  const body = new FormData();
  body.set("type", type);
  if (insuranceExpiresOn) body.set("insuranceExpiresOn", insuranceExpiresOn);
  body.set("file", new Blob([PDF]), `${type}.pdf`);
  const response = await app.fetch(
    new Request(`${BASE}/api/carriers/${carrierId}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin()}` },
      body,
    }),
    { ip: "10.0.0.1" },
  );
  const json = (await response.json()) as { _id: string };
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(json)}`);
  return json._id;
}

/** A carrier company with one signed-in user attached. */
async function company(app: App = t.app, token = admin()) {
  serial++;
  const carrier = await createCarrierAs(app, token, 500 + serial, { carrierName: `Comply ${serial} Lines` });
  const user = await createUser(app, { email: `comply-${serial}@example.com`, fullName: `Driver ${serial}` });
  await app.deps.db.user.update({ where: { id: user.id }, data: { carrierId: carrier._id } });
  return { carrier, user, session: await loginAs(app, user.email) };
}

const record = (carrierId: string, body: unknown, token = admin()) =>
  rest<Record<string, unknown>>(t.app, "PUT", `/carriers/${carrierId}/compliance`, body, { token });
const complianceOf = (carrierId: string, token = admin()) =>
  rest<Record<string, unknown>>(t.app, "GET", `/carriers/${carrierId}/compliance`, undefined, { token });

/** Everything on file and verified: active authority, $1M coverage, certificate good for 200 days, W-9. */
async function makeCompliant(carrier: CarrierAnswer, expiresOn = addDays(today(), 200)) {
  const insurance = await upload(t.app, carrier._id, "INSURANCE_CERTIFICATE", expiresOn);
  const w9 = await upload(t.app, carrier._id, "W9");
  const saved = await record(carrier._id, {
    authorityStatus: "active",
    insuranceCoverage: 1_000_000,
    verifyInsuranceDocumentId: insurance,
    verifyW9DocumentId: w9,
  });
  expect(saved.status).toBe(200);
  return { insurance, w9, body: saved.body };
}

describe("recording and verifying", () => {
  it("answers a new carrier as missing with every reason, to operators and its own users only", async () => {
    const { carrier, session } = await company();
    const seen = await complianceOf(carrier.carrierId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      carrierId: carrier._id,
      status: "missing",
      mayTrade: false,
      authorityStatus: "unknown",
      w9OnFile: false,
      insuranceExpiresOn: null,
    });
    expect(seen.body.reasons).toEqual([
      COMPLIANCE_MESSAGES.authorityUnknown,
      COMPLIANCE_MESSAGES.insuranceMissing,
      COMPLIANCE_MESSAGES.coverageMissing,
      COMPLIANCE_MESSAGES.w9Missing,
    ]);
    expect((await complianceOf(carrier._id, session.token)).status).toBe(200);
    expect((await complianceOf(carrier._id, world.carrierSession.token)).status).toBe(404);
    expect((await complianceOf(carrier._id, "")).status).toBe(401);
  });

  it("records authority, coverage and verifications (audited) and the carrier becomes compliant", async () => {
    const { carrier } = await company();
    const insurance = await upload(t.app, carrier._id, "INSURANCE_CERTIFICATE", addDays(today(), 200));
    const w9 = await upload(t.app, carrier._id, "W9");
    const unverified = await complianceOf(carrier._id);
    expect(unverified.body).toMatchObject({ status: "missing", w9OnFile: true, w9Verified: false });
    const saved = await record(carrier._id, {
      authorityStatus: "active",
      authorityCheckedOn: addDays(today(), -1),
      insuranceCoverage: "1000000",
      verifyInsuranceDocumentId: insurance,
      verifyW9DocumentId: w9,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      status: "compliant",
      mayTrade: true,
      reasons: [],
      authorityStatus: "active",
      authorityCheckedOn: addDays(today(), -1),
      authoritySource: "manual",
      insuranceCoverage: 1_000_000,
      insuranceVerified: true,
      w9Verified: true,
    });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "compliance.record", entityId: carrier._id },
    });
    expect(audit?.actorId).toBe(world.admin.id);

    // A newer certificate needs verifying again.
    await upload(t.app, carrier._id, "INSURANCE_CERTIFICATE", addDays(today(), 300));
    const newer = await complianceOf(carrier._id);
    expect(newer.body).toMatchObject({ status: "unverified", insuranceVerified: false });
    expect(newer.body.reasons).toEqual([COMPLIANCE_MESSAGES.insuranceUnverified]);
  });

  it("refuses bad input with 400 and a carrier's own user with 403, changing nothing", async () => {
    const { carrier, session } = await company();
    const insurance = await upload(t.app, carrier._id, "INSURANCE_CERTIFICATE", addDays(today(), 90));
    const other = await company();
    const otherW9 = await upload(t.app, other.carrier._id, "W9");
    const cases: [unknown, string][] = [
      [{}, COMPLIANCE_MESSAGES.nothingToRecord],
      [{ authorityStatus: "suspended" }, "authorityStatus must be active, inactive, revoked or unknown."],
      [
        { authorityStatus: "active", authorityCheckedOn: addDays(today(), 2) },
        COMPLIANCE_MESSAGES.checkedOnInvalid,
      ],
      [{ insuranceCoverage: -5 }, "Coverage must be an amount in dollars, at most $10,000,000.00."],
      [{ verifyW9DocumentId: insurance }, COMPLIANCE_MESSAGES.documentWrongType("W-9")],
      [{ verifyW9DocumentId: otherW9 }, COMPLIANCE_MESSAGES.documentNotFound],
    ];
    for (const [body, message] of cases) {
      const refused = await record(carrier._id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await record(carrier._id, { authorityStatus: "active" }, session.token)).status).toBe(403);
    expect((await record("CAR-999999", { authorityStatus: "active" })).status).toBe(404);
    expect(await t.app.deps.db.carrierCompliance.count({ where: { carrierId: carrier._id } })).toBe(0);
  });

  it("judges expiry by the day: expired refuses, within 30 days is expiring but may still trade", async () => {
    const expired = await company();
    await makeCompliant(expired.carrier, addDays(today(), -1));
    expect((await complianceOf(expired.carrier._id)).body).toMatchObject({
      status: "expired",
      mayTrade: false,
      reasons: [COMPLIANCE_MESSAGES.insuranceExpired(addDays(today(), -1))],
    });
    const expiring = await company();
    await makeCompliant(expiring.carrier, addDays(today(), 10));
    expect((await complianceOf(expiring.carrier._id)).body).toMatchObject({
      status: "expiring",
      mayTrade: true,
      reasons: [COMPLIANCE_MESSAGES.insuranceExpiring(addDays(today(), 10))],
    });
    const revoked = await company();
    await makeCompliant(revoked.carrier);
    await record(revoked.carrier._id, { authorityStatus: "revoked" });
    expect((await complianceOf(revoked.carrier._id)).body).toMatchObject({
      status: "not_authorized",
      reasons: [COMPLIANCE_MESSAGES.authority("revoked")],
    });
  });

  it("answers over GraphQL: recordCarrierCompliance with global ids, Carrier.compliance, myCompliance", async () => {
    const { carrier, session } = await company();
    const insurance = await upload(t.app, carrier._id, "INSURANCE_CERTIFICATE", addDays(today(), 120));
    const w9 = await upload(t.app, carrier._id, "W9");
    const saved = await gql<{
      recordCarrierCompliance: {
        data?: { compliance: { status: string; insuranceCoverage: number } };
        message?: string;
      };
    }>(
      t.app,
      `mutation ($input: RecordCarrierComplianceInput!) { recordCarrierCompliance(input: $input) {
        ... on MutationRecordCarrierComplianceSuccess { data { compliance { status insuranceCoverage } } }
        ... on Error { message } } }`,
      {
        input: {
          carrierId: encodeGlobalID("Carrier", carrier._id),
          authorityStatus: "active",
          insuranceCoverage: 750000,
          verifyInsuranceDocumentId: encodeGlobalID("CarrierDocument", insurance),
          verifyW9DocumentId: encodeGlobalID("CarrierDocument", w9),
        },
      },
      { token: admin() },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.recordCarrierCompliance.data?.compliance).toEqual({
      status: "compliant",
      insuranceCoverage: 750000,
    });
    const listed = await gql<{
      carriers: { edges: { node: { carrierId: string; compliance: { status: string } } }[] };
    }>(
      t.app,
      `{ carriers(pageSize: 100) { edges { node { carrierId compliance { status statusLabel reasons } } } } }`,
      {},
      { token: admin() },
    );
    expect(listed.errors).toBeUndefined();
    const row = listed.data?.carriers.edges.find((edge) => edge.node.carrierId === carrier.carrierId);
    expect(row?.node.compliance).toEqual({
      status: "compliant",
      statusLabel: "Compliant",
      reasons: [],
    });
    const mine = await gql<{ myCompliance: { status: string; w9Verified: boolean } }>(
      t.app,
      "{ myCompliance { status w9Verified } }",
      {},
      { token: session.token },
    );
    expect(mine.data?.myCompliance).toEqual({ status: "compliant", w9Verified: true });
    const none = await gql<{ myCompliance: { status: string; reasons: string[] } }>(
      t.app,
      "{ myCompliance { status reasons } }",
      {},
      { token: world.carrierSession.token },
    );
    expect(none.data?.myCompliance).toEqual({
      status: "no_company",
      reasons: [COMPLIANCE_MESSAGES.noCompany],
    });
    const asCarrier = await gql(
      t.app,
      `{ node(id: "${encodeGlobalID("Carrier", carrier._id)}") { ... on Carrier { compliance { status } } } }`,
      {},
      { token: session.token },
    );
    expect(JSON.stringify(asCarrier.data ?? {})).not.toContain("compliant");
  });
});

describe("census import", () => {
  const importCsv = (csv: string, token = admin()) =>
    rest<Record<string, unknown>>(t.app, "POST", "/carriers/compliance/census", csv, {
      token,
      headers: { "content-type": "text/csv" },
    });

  it("sets authority by DOT number from STATUS_CODE, lists bad rows and skips unknown carriers", async () => {
    const inactive = await company();
    const active = await company();
    const csv = [
      "DOT_NUMBER,LEGAL_NAME,DBA_NAME,STATUS_CODE,PHY_STATE",
      `${inactive.carrier.dotNumber},${inactive.carrier.carrierName},,I,IL`,
      `00${active.carrier.dotNumber},"${active.carrier.carrierName}, LLC",,A,TX`,
      "9999999,NOBODY WE KNOW,,A,CO",
      "12AB,BAD DOT,,A,CO",
      `${active.carrier.dotNumber},BAD STATUS,,X,CO`,
    ].join("\r\n");
    const imported = await importCsv(csv);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      rows: 5,
      matched: 2,
      unmatched: 1,
      errorCount: 2,
      errors: [
        { row: 4, field: "DOT_NUMBER", message: COMPLIANCE_MESSAGES.censusBadDot },
        { row: 5, field: "STATUS_CODE", message: COMPLIANCE_MESSAGES.censusBadStatus },
      ],
      columnsRead: ["DOT_NUMBER", "STATUS_CODE"],
    });
    expect((await complianceOf(inactive.carrier._id)).body).toMatchObject({
      authorityStatus: "inactive",
      authoritySource: "census",
      authorityCheckedOn: today(),
      status: "not_authorized",
    });
    expect((await complianceOf(active.carrier._id)).body).toMatchObject({ authorityStatus: "active" });
    expect(await t.app.deps.db.auditLog.count({ where: { action: "compliance.census" } })).toBe(1);
  });

  it("refuses a file that is not the census (400), an empty one, a carrier (403) and over 20 MB (413)", async () => {
    const before = await t.app.deps.db.carrierCompliance.findMany({ orderBy: { carrierId: "asc" } });
    const wrong = await importCsv("Code,Region\nA,B\n");
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(COMPLIANCE_MESSAGES.censusNoDotColumn);
    expect((await importCsv("DOT_NUMBER,STATUS_CODE\n")).body.message).toBe(COMPLIANCE_MESSAGES.censusEmpty);
    expect((await importCsv("DOT_NUMBER\n1\n", world.carrierSession.token)).status).toBe(403);
    const huge = await importCsv(`DOT_NUMBER\n${"1\n".repeat(CENSUS_MAX_BYTES / 2 + 10)}`);
    expect(huge.status).toBe(413);
    expect(await t.app.deps.db.carrierCompliance.findMany({ orderBy: { carrierId: "asc" } })).toEqual(before);
  });
});

describe("the gate", () => {
  it("with CARRIER_COMPLIANCE=required refuses a non-compliant carrier's bid (403, why) over REST and GraphQL; off lets it bid", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, admin(), load.loadId);
    const lacking = await company();
    const good = await company();
    await makeCompliant(good.carrier);
    gate("required");
    try {
      const refused = await bid(t.app, lacking.session.token, offer._id, 1500);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        bidBlockedMessage([
          COMPLIANCE_MESSAGES.authorityUnknown,
          COMPLIANCE_MESSAGES.insuranceMissing,
          COMPLIANCE_MESSAGES.coverageMissing,
          COMPLIANCE_MESSAGES.w9Missing,
        ]),
      );
      const noCompany = await bid(t.app, world.carrierSession.token, offer._id, 1500);
      expect(noCompany.status).toBe(403);
      expect(noCompany.body.message).toBe(bidBlockedMessage([COMPLIANCE_MESSAGES.noCompany]));
      const viaGraphql = await gql<{ placeBid: { __typename: string; message: string } }>(
        t.app,
        `mutation ($input: PlaceBidInput!) { placeBid(input: $input) { __typename ... on Error { message } } }`,
        { input: { offerId: encodeGlobalID("Offer", offer._id), amount: 1500 } },
        { token: lacking.session.token },
      );
      expect(viaGraphql.errors?.[0]?.message).toBe(refused.body.message);
      expect(viaGraphql.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(await t.app.deps.db.bid.count({ where: { offerId: offer._id } })).toBe(0);
      expect((await bid(t.app, good.session.token, offer._id, 1400)).status).toBe(201);
    } finally {
      gate("off");
    }
    expect((await bid(t.app, lacking.session.token, offer._id, 1500)).status).toBe(201);
    expect((await bid(t.app, world.carrierSession.token, offer._id, 1600)).status).toBe(201);
  });

  it("refuses Confirm Winner for a non-compliant carrier's bid (409, why; the offer stays open), and awards a compliant one", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, admin(), load.loadId);
    const lacking = await company();
    const good = await company();
    await makeCompliant(good.carrier);
    const cheap = await bid(t.app, lacking.session.token, offer._id, 900);
    const fair = await bid(t.app, good.session.token, offer._id, 1000);
    const cheapId = (cheap.body.bid as { _id: string })._id;
    const fairId = (fair.body.bid as { _id: string })._id;
    gate("required");
    try {
      const bidsBefore = await t.app.deps.db.bid.findMany({
        where: { offerId: offer._id },
        orderBy: { id: "asc" },
      });
      const refused = await rest(
        t.app,
        "POST",
        `/offers/${offer._id}/winner`,
        { bidId: cheapId },
        { token: admin() },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        awardBlockedMessage(lacking.carrier.carrierName, [
          COMPLIANCE_MESSAGES.authorityUnknown,
          COMPLIANCE_MESSAGES.insuranceMissing,
          COMPLIANCE_MESSAGES.coverageMissing,
          COMPLIANCE_MESSAGES.w9Missing,
        ]),
      );
      expect((await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: offer._id } })).status).toBe(
        "active",
      );
      expect(
        await t.app.deps.db.bid.findMany({ where: { offerId: offer._id }, orderBy: { id: "asc" } }),
      ).toEqual(bidsBefore);
      expect(await t.app.deps.db.tender.count({ where: { offerId: offer._id } })).toBe(0);
      expect((await t.app.deps.db.load.findUniqueOrThrow({ where: { id: load.id } })).carrierId).toBeNull();
      const bidders = await gql<{
        offerBidders: { edges: { node: { carrierCompliance: { mayTrade: boolean } } }[] };
      }>(
        t.app,
        `query ($loadId: String!) { offerBidders(filter: { loadId: $loadId }) { edges { node { amount carrierCompliance { mayTrade reasons } } } } }`,
        { loadId: load.loadId },
        { token: admin() },
      );
      expect(bidders.errors).toBeUndefined();
      expect(bidders.data?.offerBidders.edges.map((edge) => edge.node.carrierCompliance.mayTrade)).toEqual([
        false,
        true,
      ]);
      const awarded = await rest(
        t.app,
        "POST",
        `/offers/${offer._id}/winner`,
        { bidId: fairId },
        { token: admin() },
      );
      expect(awarded.status).toBe(200);
    } finally {
      gate("off");
    }
  });

  it("auto-award passes over non-compliant bidders: the best compliant bid under the ceiling wins; none -> a new round", async () => {
    const past = new Date(Date.now() - 1000);
    const closeRound = async (offerId: string) => {
      await t.app.deps.db.offer.update({ where: { id: offerId }, data: { roundEndsAt: past } });
      await t.app.deps.db.offerAwardRule.update({ where: { offerId }, data: { decideAt: past } });
    };
    const lacking = await company();
    const good = await company();
    await makeCompliant(good.carrier);
    const first = await openOffer(t.app, admin(), (await biddableLoad(t.app)).loadId, {
      awardRules: { mode: "auto", ceiling: 1500, maxRounds: 2 },
    });
    const second = await openOffer(t.app, admin(), (await biddableLoad(t.app)).loadId, {
      awardRules: { mode: "auto", ceiling: 1500, maxRounds: 2 },
    });
    expect((await bid(t.app, lacking.session.token, first._id, 900)).status).toBe(201);
    expect((await bid(t.app, good.session.token, first._id, 1000)).status).toBe(201);
    expect((await bid(t.app, lacking.session.token, second._id, 900)).status).toBe(201);
    gate("required");
    try {
      await closeRound(first._id);
      await closeRound(second._id);
      const decided = await decideDueAutoAwards(t.app.deps);
      expect(decided).toEqual(expect.arrayContaining([first._id, second._id]));
      const won = await t.app.deps.db.offer.findUniqueOrThrow({
        where: { id: first._id },
        include: { winnerBid: true },
      });
      expect([won.status, won.winnerBid?.userId, won.winnerBid?.amountCents]).toEqual([
        "finished",
        good.user.id,
        100_000,
      ]);
      // Only a non-compliant bid: no award, the next round starts (and the sweep is done with it).
      const open = await t.app.deps.db.offer.findUniqueOrThrow({ where: { id: second._id } });
      expect([open.status, open.roundNumber, open.winnerBidId]).toEqual(["active", 2, null]);
      expect(await decideDueAutoAwards(t.app.deps)).not.toContain(second._id);
    } finally {
      gate("off");
    }
  });

  it("a declined or expired tender passes over non-compliant bidders to the next compliant one", async () => {
    const first = await company();
    const lacking = await company();
    const second = await company();
    await makeCompliant(first.carrier);
    await makeCompliant(second.carrier);
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, admin(), load.loadId);
    const bidIds: string[] = [];
    for (const [who, amount] of [
      [first, 900],
      [lacking, 950],
      [second, 1000],
    ] as const) {
      const placed = await bid(t.app, who.session.token, offer._id, amount);
      expect(placed.status).toBe(201);
      bidIds.push((placed.body as { bid: { _id: string } }).bid._id);
    }
    const picked = await rest(
      t.app,
      "POST",
      `/offers/${offer._id}/winner`,
      { bidId: bidIds[0] },
      { token: admin() },
    );
    expect(picked.status).toBe(200);
    gate("required");
    try {
      const declined = await rest(
        t.app,
        "POST",
        `/offers/${load.loadId}/tender/decline`,
        { reason: "No truck that day" },
        { token: first.session.token },
      );
      expect(declined.status).toBe(200);
      const db = t.app.deps.db;
      const passed = await db.offer.findUniqueOrThrow({
        where: { id: offer._id },
        include: { winnerBid: true },
      });
      expect([passed.status, passed.winnerBid?.userId]).toEqual(["finished", second.user.id]);
      const tenders = await db.tender.findMany({
        where: { offerId: offer._id },
        orderBy: { createdAt: "asc" },
      });
      expect(tenders.map((row) => [row.userId, row.status])).toEqual([
        [first.user.id, "declined"],
        [second.user.id, "pending"],
      ]);
      // The second lets it expire: the only bidder left is not compliant, so the offer reopens.
      await db.tender.update({
        where: { id: tenders[1].id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect(await expireDueTenders(t.app.deps)).toContain(tenders[1].id);
      const reopened = await db.offer.findUniqueOrThrow({ where: { id: offer._id } });
      expect([reopened.status, reopened.winnerBidId, reopened.roundNumber]).toEqual(["active", null, 2]);
      expect(await db.tender.count({ where: { offerId: offer._id, userId: lacking.user.id } })).toBe(0);
    } finally {
      gate("off");
    }
  });

  it("assertCarrierCompliant (for Book Now) reads nothing when off and refuses with the booking text when required", async () => {
    const lacking = await company();
    const scope = { db: t.app.deps.db, config: { carrierCompliance: "off" as const } };
    await expect(assertCarrierCompliant(scope, { userId: lacking.user.id })).resolves.toBeUndefined();
    const required = { ...scope, config: { carrierCompliance: "required" as const } };
    await expect(assertCarrierCompliant(required, { carrierId: lacking.carrier._id })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("so you cannot book"),
    });
    await expect(assertCarrierCompliant(required, { carrierId: null })).rejects.toMatchObject({
      message: expect.stringContaining(COMPLIANCE_MESSAGES.noCompany),
    });
  });
});

describe("expiry warning", () => {
  it("warns the carrier's users and the operators once per certificate, not for an older certificate", async () => {
    const { carrier, user } = await company();
    const day = addDays(today(), 12);
    const { insurance } = await makeCompliant(carrier, day);
    const older = await company();
    await upload(t.app, older.carrier._id, "INSURANCE_CERTIFICATE", addDays(today(), 5));
    await upload(t.app, older.carrier._id, "INSURANCE_CERTIFICATE", addDays(today(), 400));
    const sweeps = await Promise.all([warnExpiringInsurance(t.app.deps), warnExpiringInsurance(t.app.deps)]);
    expect(sweeps.flat().filter((id) => id === insurance)).toHaveLength(1);
    expect(await warnExpiringInsurance(t.app.deps)).toEqual([]);
    const { title } = expiryWarningText(carrier.carrierName, day);
    const told = await t.app.deps.db.notification.findMany({ where: { title } });
    expect(told.map((row) => row.userId).sort()).toEqual([user.id, world.admin.id].sort());
    expect(
      await t.app.deps.db.notification.count({ where: { title: { contains: older.carrier.carrierName } } }),
    ).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("expiry warning with two instances on one database and Redis", () => {
  const instances = twoInstances(redisUrl);

  it("sends each warning exactly once whichever instances sweep together", async () => {
    const people = await adminAndCarrier(instances.first.app);
    const carriers = [];
    for (let n = 0; n < 3; n++) {
      serial++;
      const carrier = await createCarrierAs(instances.first.app, people.adminSession.token, 800 + serial);
      const body = new FormData();
      body.set("type", "INSURANCE_CERTIFICATE");
      body.set("insuranceExpiresOn", addDays(today(), 3 + n));
      body.set("file", new Blob([PDF]), "coi.pdf");
      const response = await instances.first.app.fetch(
        new Request(`${BASE}/api/carriers/${carrier._id}/documents`, {
          method: "POST",
          headers: { authorization: `Bearer ${people.adminSession.token}` },
          body,
        }),
        { ip: "10.0.0.1" },
      );
      expect(response.status).toBe(201);
      carriers.push(carrier);
    }
    const sweeps = await Promise.all([
      warnExpiringInsurance(instances.first.app.deps),
      warnExpiringInsurance(instances.second.deps),
      warnExpiringInsurance(instances.first.app.deps),
      warnExpiringInsurance(instances.second.deps),
    ]);
    expect(sweeps.flat()).toHaveLength(3);
    expect(new Set(sweeps.flat()).size).toBe(3);
    expect(await instances.first.app.deps.db.complianceWarning.count()).toBe(3);
    for (const carrier of carriers) {
      expect(
        await instances.first.app.deps.db.notification.count({
          where: { title: `Insurance expiring: ${carrier.carrierName}` },
        }),
      ).toBe(1);
    }
  });
});
