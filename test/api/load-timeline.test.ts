import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActor } from "../../server/audit/actor.ts";
import { systemContext } from "../../server/context.ts";
import { advanceLoadStatusFromTracking } from "../../server/loads/service.ts";
import { adminAndCarrier, BASE, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { awardedLoad } from "../support/offers.ts";

/**
 * A load's timeline (lifecycle issue): each step of its life recorded with the change that made
 * it, when, and who or what set it; operators and the load's carrier read it, nobody else.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

interface Step {
  milestone: string;
  by: string | null;
  source: string;
  detail: string | null;
  at: string;
}

const timeline = (loadId: string, token: string) =>
  rest<Step[]>(t.app, "GET", `/loads/${loadId}/timeline`, undefined, { token });

const awarded = () => awardedLoad(t.app, world.adminSession.token);

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

describe("a load's timeline", () => {
  it("records the award, the POD and a cancellation, each with who set it as the viewer may see", async () => {
    const { load, winner } = await awarded();
    await uploadPod(load.loadId, winner.session.token);
    const cancelled = await rest(
      t.app,
      "PUT",
      `/loads/${load.loadId}`,
      { status: "cancelled" },
      {
        token: world.adminSession.token,
      },
    );
    expect(cancelled.status).toBe(200);

    const asAdmin = await timeline(load.loadId, world.adminSession.token);
    expect(asAdmin.status).toBe(200);
    expect(
      asAdmin.body.map(({ milestone, by, source, detail }) => ({ milestone, by, source, detail })),
    ).toEqual([
      { milestone: "covered", by: "Ada Admin", source: "user", detail: null },
      { milestone: "pod_received", by: expect.stringMatching(/^Bidder /), source: "user", detail: "pod.pdf" },
      { milestone: "cancelled", by: "Ada Admin", source: "user", detail: null },
    ]);
    const times = asAdmin.body.map((step) => Date.parse(step.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const asWinner = await timeline(load.loadId, winner.session.token);
    expect(asWinner.body.map((step) => [step.milestone, step.by])).toEqual([
      ["covered", null],
      ["pod_received", "You"],
      ["cancelled", null],
    ]);

    const viaGraphQL = await gql<{ loadTimeline: { milestone: string; source: string }[] }>(
      t.app,
      "query($loadId: String!) { loadTimeline(loadId: $loadId) { milestone source by } }",
      { loadId: load.loadId },
      { token: world.adminSession.token },
    );
    expect(viaGraphQL.data?.loadTimeline.map((step) => step.milestone)).toEqual([
      "COVERED",
      "POD_RECEIVED",
      "CANCELLED",
    ]);
  });

  it("tells other carriers and anonymous callers nothing", async () => {
    const { load, other } = await awarded();
    const refused = await timeline(load.loadId, other.session.token);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ message: "Load not found" });
    expect((await timeline(load.loadId, world.carrierSession.token)).status).toBe(404);
    expect((await rest(t.app, "GET", `/loads/${load.loadId}/timeline`)).status).toBe(401);
    expect((await timeline("NO-SUCH-LOAD", world.adminSession.token)).status).toBe(404);
  });

  it("records the geofence's departure and delivery with the status they move", async () => {
    const { load } = await awarded();
    const ctx = systemContext(t.app.deps);
    const move = (from: ("pending" | "in_transit")[], to: "in_transit" | "delivered") =>
      t.app.deps.db.$transaction((tx) =>
        advanceLoadStatusFromTracking(tx, {
          loadIds: [load.id],
          from,
          to,
          actor: auditActor(ctx),
          reason: "test",
        }),
      );
    await move(["pending"], "in_transit");
    await move(["pending", "in_transit"], "delivered");
    // Already delivered: nothing moves, nothing is recorded twice.
    await move(["pending", "in_transit"], "delivered");
    const steps = await timeline(load.loadId, world.adminSession.token);
    expect(steps.body.map((step) => [step.milestone, step.source, step.detail])).toEqual([
      ["covered", "user", null],
      ["departed", "geofence", "first pickup"],
      ["delivered", "geofence", null],
    ]);
  });

  it("records the customer's invoice and its payment (billing tells the load's timeline)", async () => {
    const { load } = await awarded();
    await t.app.deps.db.load.update({ where: { id: load.id }, data: { customerRateCents: 250_000 } });
    const admin = { token: world.adminSession.token };
    expect((await rest(t.app, "PUT", `/loads/${load.loadId}`, { status: "delivered" }, admin)).status).toBe(
      200,
    );
    const invoice = await t.app.deps.db.invoice.findFirstOrThrow({ where: { loadId: load.id } });
    const paid = await rest(
      t.app,
      "PUT",
      `/billing/accounts-receivable/${invoice.invoiceNumber}`,
      {
        customerPayer: "USPS",
        dueDate: "2030-01-15",
        amountDue: "2500.00",
        status: "paid",
        loadId: load.loadId,
      },
      admin,
    );
    expect(paid.status).toBe(200);
    // Saving it paid again is not a second payment.
    await rest(
      t.app,
      "PUT",
      `/billing/accounts-receivable/${invoice.invoiceNumber}`,
      {
        customerPayer: "USPS",
        dueDate: "2030-01-16",
        amountDue: "2500.00",
        status: "paid",
        loadId: load.loadId,
      },
      admin,
    );
    const steps = await timeline(load.loadId, world.adminSession.token);
    expect(steps.body.map((step) => [step.milestone, step.source, step.detail])).toEqual([
      ["covered", "user", null],
      ["delivered", "user", null],
      ["invoiced", "system", invoice.invoiceNumber],
      ["paid", "user", invoice.invoiceNumber],
    ]);
  });
});
