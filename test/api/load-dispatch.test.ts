import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISPATCH_MESSAGES } from "../../common/dispatch.ts";
import { OFFER_MESSAGES } from "../../common/offers.ts";
import { hashTripToken } from "../../server/dispatch/service.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { acceptedLoad, biddableLoad } from "../support/offers.ts";

/**
 * Dispatch (lifecycle issue): the winning carrier (or an operator) names the driver and equipment
 * of a covered load; the timeline says so and the driver gets a trip link that a new dispatch replaces.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

const awarded = () => acceptedLoad(t.app, world.adminSession.token);

const DRIVER = {
  driverName: "Dana Driver",
  driverPhone: "(201) 555-0142",
  truckNumber: "TR-7",
  trailerNumber: "53-12",
};

describe("dispatch", () => {
  it("lets the winner dispatch: details on the confirmation, 'dispatched' on the timeline, a trip link", async () => {
    const { load, winner } = await awarded();
    const path = `/loads/${load.loadId}/dispatch`;
    const dispatched = await rest<{ tripUrl: string; loadId: string; message: string }>(
      t.app,
      "POST",
      path,
      DRIVER,
      {
        token: winner.session.token,
      },
    );
    expect(dispatched.status).toBe(200);
    expect(dispatched.body).toMatchObject({ message: "Load dispatched", loadId: load.loadId });
    const token = /\/driver\/trip\/([\w-]{43})$/.exec(dispatched.body.tripUrl)?.[1] ?? "";
    expect(token).not.toBe("");

    const confirmation = await t.app.deps.db.loadConfirmation.findUniqueOrThrow({
      where: { loadId: load.id },
    });
    expect(confirmation).toMatchObject({
      firstDriverName: "Dana Driver",
      firstDriverPhone: "+12015550142",
      truckNumber: "TR-7",
      trailerNumber: "53-12",
    });
    const steps = await rest<{ milestone: string; detail: string | null }[]>(
      t.app,
      "GET",
      `/loads/${load.loadId}/timeline`,
      undefined,
      { token: world.adminSession.token },
    );
    expect(steps.body.map((step) => [step.milestone, step.detail])).toEqual([
      ["covered", null],
      ["tender_accepted", "Carla Carrier"],
      ["dispatched", "Dana Driver"],
    ]);
    // Only a hash is kept; a second dispatch (an operator's, over GraphQL) revokes the first link.
    const first = await t.app.deps.db.tripLink.findUniqueOrThrow({
      where: { tokenHash: hashTripToken(token) },
    });
    expect(first.revokedAt).toBeNull();
    const again = await gql<{ dispatchLoad: { __typename: string; data?: { tripUrl: string } } }>(
      t.app,
      `mutation($input: DispatchLoadInput!) {
        dispatchLoad(input: $input) { __typename ... on MutationDispatchLoadSuccess { data { tripUrl } } }
      }`,
      { input: { loadId: load.loadId, driverName: "Sam Second", driverPhone: "2015550199" } },
      { token: world.adminSession.token },
    );
    expect(again.data?.dispatchLoad.data?.tripUrl).toMatch(/\/driver\/trip\//);
    expect(
      (await t.app.deps.db.tripLink.findUniqueOrThrow({ where: { id: first.id } })).revokedAt,
    ).not.toBeNull();
    expect(await t.app.deps.db.tripLink.count({ where: { loadId: load.id, revokedAt: null } })).toBe(1);
  });

  it("refuses bad input, other carriers, loads without a winner and finished loads, changing nothing", async () => {
    const { load, other } = await awarded();
    const path = `/loads/${load.loadId}/dispatch`;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...DRIVER, driverName: " " }, DISPATCH_MESSAGES.driverNameRequired],
      [{ ...DRIVER, driverPhone: "12" }, "Invalid phone number"],
      [{ ...DRIVER, truckNumber: "T".repeat(41) }, "Truck number is longer than 40 characters"],
    ];
    for (const [body, message] of cases) {
      const refused = await rest(t.app, "POST", path, body, { token: world.adminSession.token });
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
    const stranger = await rest(t.app, "POST", path, DRIVER, { token: other.session.token });
    expect([stranger.status, stranger.body.message]).toEqual([404, OFFER_MESSAGES.noWinner]);
    const uncovered = await biddableLoad(t.app);
    const notYet = await rest(t.app, "POST", `/loads/${uncovered.loadId}/dispatch`, DRIVER, {
      token: world.adminSession.token,
    });
    expect(notYet.status).toBe(404);
    await t.app.deps.db.load.update({ where: { id: load.id }, data: { status: "cancelled" } });
    const finished = await rest(t.app, "POST", path, DRIVER, { token: world.adminSession.token });
    expect([finished.status, finished.body.message]).toEqual([409, DISPATCH_MESSAGES.notDispatchable]);
    expect(await t.app.deps.db.tripLink.count({ where: { loadId: load.id } })).toBe(0);
    expect(await rest(t.app, "POST", path, DRIVER).then((answer) => answer.status)).toBe(401);
  });
});
