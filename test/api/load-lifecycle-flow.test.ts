import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOAD_MILESTONES } from "../../common/loads/milestones.ts";
import { adminAndCarrier, BASE, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { uploadLoads } from "../support/loads.ts";
import { bid, bidders, openOffer } from "../support/offers.ts";

/**
 * A load's whole life through the API (lifecycle issue), on both databases: upload with
 * appointments -> offer -> bids -> winner -> tender accepted -> dispatched -> positions (arrived,
 * departed, delivered by the geofence) -> POD -> draft invoice with lines -> paid, every step on
 * the timeline; and a declined tender passing the award to the next bidder.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let admin: string;

const CHICAGO = { latitude: 41.8745, longitude: -87.6417 };
const DENVER = { latitude: 39.7526, longitude: -104.9997 };
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  admin = world.adminSession.token;
  for (const [code, place] of [
    ["FLOWCHI", { facilityName: "Chicago P&DC", city: "Chicago", state: "IL", ...CHICAGO }],
    ["FLOWDEN", { facilityName: "Denver P&DC", city: "Denver", state: "CO", ...DENVER }],
  ] as const) {
    const created = await rest(t.app, "POST", "/routing/nass", { code, ...place }, { token: admin });
    expect(created.status).toBe(201);
  }
});
afterAll(() => t.close());

/** Wall-clock "YYYY-MM-DD HH:mm" some days ahead (read on the facility's own clock). */
function wallClock(daysAhead: number, hour: number): string {
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  return `${day} ${String(hour).padStart(2, "0")}:00`;
}

async function uploadedLoad(): Promise<string> {
  sequence++;
  const loadId = `FLOW-${sequence}-${Date.now().toString(36)}`.toUpperCase();
  await uploadLoads(t.app, admin, [
    {
      "Load ID": loadId,
      Customer: "USPS",
      "Origin NASS": "FLOWCHI",
      "Destination NASS": "FLOWDEN",
      "Pickup Date": new Date(Date.now() + 2 * 86_400_000).toISOString(),
      "Delivery Date": new Date(Date.now() + 3 * 86_400_000).toISOString(),
      "Origin Appointment From": wallClock(2, 8),
      "Origin Appointment To": wallClock(2, 10),
      "Destination Appointment From": wallClock(3, 14),
    },
  ]);
  const rate = await gql(
    t.app,
    "mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }",
    { input: { id: loadId, customerRate: "2000.00" } },
    { token: admin },
  );
  expect(rate.errors).toBeUndefined();
  return loadId;
}

interface Step {
  milestone: string;
  source: string;
}
const timeline = async (loadId: string) =>
  (await rest<Step[]>(t.app, "GET", `/loads/${loadId}/timeline`, undefined, { token: admin })).body;
const loadJson = async (loadId: string) =>
  (await rest<Record<string, unknown>>(t.app, "GET", `/loads/${loadId}`, undefined, { token: admin })).body;

async function award(loadId: string, amounts: number[]) {
  const offer = await openOffer(t.app, admin, loadId);
  const carriers = await bidders(t.app, amounts.length);
  const bidIds: string[] = [];
  for (const [index, amount] of amounts.entries()) {
    const placed = await bid(t.app, carriers[index].session.token, offer._id, amount);
    expect(placed.status).toBe(201);
    bidIds.push((placed.body.bid as { _id: string })._id);
  }
  const lowest = amounts.indexOf(Math.min(...amounts));
  const confirmed = await rest(
    t.app,
    "POST",
    `/offers/${offer._id}/winner`,
    { bidId: bidIds[lowest] },
    { token: admin },
  );
  expect(confirmed.status).toBe(200);
  return { carriers, winner: carriers[lowest] };
}

async function uploadPod(loadId: string, token: string) {
  const body = new FormData();
  body.set("type", "POD");
  body.set("file", new Blob([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")]), "pod.pdf");
  const response = await t.app.fetch(
    new Request(`${BASE}/api/loads/${loadId}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
    }),
    { ip: "10.0.0.1" },
  );
  expect(response.status).toBe(201);
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe("a load's whole life", () => {
  it("runs from upload to paid, each step on the timeline", async () => {
    const loadId = await uploadedLoad();
    const uploaded = await loadJson(loadId);
    expect((uploaded.stops as { appointmentText: string | null }[])[0].appointmentText).toMatch(/ C[SD]T/);

    const { winner } = await award(loadId, [1500, 1650]);
    expect(await loadJson(loadId)).toMatchObject({
      stage: "covered",
      carrierRateCents: 150_000,
      marginCents: 50_000,
    });

    const tender = await rest<{ status: string }>(t.app, "GET", `/offers/${loadId}/tender`, undefined, {
      token: winner.session.token,
    });
    expect(tender.body.status).toBe("pending");
    const early = await rest(
      t.app,
      "POST",
      `/loads/${loadId}/dispatch`,
      {
        driverName: "Dana Driver",
        driverPhone: "+1 303 555 0100",
        truckNumber: "T-1",
        trailerNumber: "TR-1",
      },
      { token: winner.session.token },
    );
    expect(early.status).toBe(409);
    const accepted = await rest(
      t.app,
      "POST",
      `/offers/${loadId}/tender/accept`,
      { signature: "Carla Carrier" },
      { token: winner.session.token },
    );
    expect(accepted.status).toBe(200);

    const dispatched = await rest<{ tripUrl: string }>(
      t.app,
      "POST",
      `/loads/${loadId}/dispatch`,
      {
        driverName: "Dana Driver",
        driverPhone: "+1 303 555 0100",
        truckNumber: "T-1",
        trailerNumber: "TR-1",
      },
      { token: winner.session.token },
    );
    expect(dispatched.status).toBe(200);
    expect(dispatched.body.tripUrl).toMatch(/\/driver\/trip\//);

    const routeNumber = `RFLOW-${Date.now().toString(36)}`.toUpperCase();
    const routed = await gql(
      t.app,
      "mutation($input: CreateRouteInput!) { addLoadsToRoute(input: $input) { __typename } }",
      { input: { routeNumber, loadIds: [loadId] } },
      { token: admin },
    );
    expect(routed.data).toMatchObject({ addLoadsToRoute: { __typename: "MutationAddLoadsToRouteSuccess" } });
    const positions = [
      { lat: CHICAGO.latitude, lng: CHICAGO.longitude, recordedAt: at(120) },
      { lat: CHICAGO.latitude + 0.2, lng: CHICAGO.longitude - 0.3, recordedAt: at(100) },
      { lat: DENVER.latitude, lng: DENVER.longitude, recordedAt: at(10) },
    ];
    for (const point of positions) {
      const sent = await rest(
        t.app,
        "POST",
        `/tracking/${routeNumber}/positions`,
        { positions: [point] },
        {
          token: admin,
        },
      );
      expect(sent.status).toBeLessThan(300);
    }
    expect(await loadJson(loadId)).toMatchObject({ status: "delivered" });

    await uploadPod(loadId, winner.session.token);
    const financials = await gql<{
      loadByLoadId: {
        financials: {
          invoices: {
            invoiceNumber: string;
            status: string;
            lines: { kind: string; amountCents: number }[];
          }[];
        };
      };
    }>(
      t.app,
      `query($loadId: String!) { loadByLoadId(loadId: $loadId) { financials { invoices { invoiceNumber status lines { kind amountCents } } } } }`,
      { loadId },
      { token: admin },
    );
    const invoices = financials.data?.loadByLoadId.financials.invoices ?? [];
    expect(invoices).toHaveLength(1);
    expect(invoices[0].lines).toEqual([{ kind: "linehaul", amountCents: 200_000 }]);
    const invoicePath = `/billing/accounts-receivable/${invoices[0].invoiceNumber}`;
    const invoice = await rest<{ customerPayer: string; dueDate: string; amountDue: number }>(
      t.app,
      "GET",
      invoicePath,
      undefined,
      { token: admin },
    );
    const { customerPayer, dueDate, amountDue } = invoice.body;
    const paid = await rest(
      t.app,
      "PUT",
      invoicePath,
      { customerPayer, dueDate: dueDate.slice(0, 10), amountDue, status: "paid" },
      { token: admin },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const steps = (await timeline(loadId)).map((step) => step.milestone);
    for (const milestone of LOAD_MILESTONES.filter((kind) => kind !== "cancelled")) {
      expect(steps, milestone).toContain(milestone);
    }
    expect(steps.indexOf("covered")).toBeLessThan(steps.indexOf("tender_accepted"));
    expect(steps.indexOf("tender_accepted")).toBeLessThan(steps.indexOf("dispatched"));
    expect(steps.indexOf("dispatched")).toBeLessThan(steps.indexOf("delivered"));
    expect(await loadJson(loadId)).toMatchObject({ stage: "paid", status: "delivered" });
  });

  it("passes a declined tender to the next bidder, who accepts and is dispatched", async () => {
    const loadId = await uploadedLoad();
    const { carriers, winner } = await award(loadId, [1400, 1600, 1800]);
    const declined = await rest(
      t.app,
      "POST",
      `/offers/${loadId}/tender/decline`,
      { reason: "No truck free that day" },
      { token: winner.session.token },
    );
    expect(declined.status).toBe(200);
    const next = carriers[1];
    const tender = await rest<{ status: string }>(t.app, "GET", `/offers/${loadId}/tender`, undefined, {
      token: next.session.token,
    });
    expect(tender.body.status).toBe("pending");
    expect(await loadJson(loadId)).toMatchObject({ carrierRateCents: 160_000, stage: "covered" });
    const accepted = await rest(
      t.app,
      "POST",
      `/offers/${loadId}/tender/accept`,
      { signature: "Nora Next" },
      { token: next.session.token },
    );
    expect(accepted.status).toBe(200);
    const dispatched = await rest(
      t.app,
      "POST",
      `/loads/${loadId}/dispatch`,
      {
        driverName: "Nick Driver",
        driverPhone: "+1 312 555 0100",
        truckNumber: "T-2",
        trailerNumber: "TR-2",
      },
      { token: next.session.token },
    );
    expect(dispatched.status).toBe(200);
    const refused = await rest(
      t.app,
      "POST",
      `/loads/${loadId}/dispatch`,
      { driverName: "X", driverPhone: "+1 312 555 0101", truckNumber: "T-3", trailerNumber: "TR-3" },
      { token: winner.session.token },
    );
    expect(refused.status).toBeGreaterThanOrEqual(403);
    expect(await loadJson(loadId)).toMatchObject({ stage: "dispatched" });
  });
});
