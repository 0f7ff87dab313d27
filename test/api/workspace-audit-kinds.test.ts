import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleBackgroundWork } from "../../server/auth/service.ts";
import { adminAndCarrier, createTestApp, gql, loginAs, rest, type TestApp } from "../support/app.ts";
import { carrierWithDriver, uploadLoads } from "../support/loads.ts";
import { bid, biddableLoad, bidders, openOffer } from "../support/offers.ts";

/**
 * Issue 16's proof: every write kind lands in the audit log with who did it, the record and the
 * address. The kinds other test files do not already check (workspace-audit, workspace-history,
 * workspace-users, billing, routing) are made here one by one through the public API.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
const admin = () => ({ token: world.adminSession.token, ip: "192.0.2.44" });

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

async function auditRow(action: string, entityId?: string) {
  const row = await t.app.deps.db.auditLog.findFirst({
    where: { action, ...(entityId ? { entityId } : {}) },
    orderBy: { createdAt: "desc" },
  });
  expect(row, action).not.toBeNull();
  return row!;
}

describe("audit rows for each write kind", () => {
  it("sign-up, sign-out and a temporary password", async () => {
    const registered = await rest<{ user: { _id: string } }>(t.app, "POST", "/auth/register", {
      email: "audited.signup@example.com",
      password: "longenough1",
      confirmPassword: "longenough1",
      phoneNumber: "+12015550123",
      platform: "desktop",
    });
    expect(registered.status).toBe(201);
    expect(await auditRow("auth.register", registered.body.user._id)).toMatchObject({ entityType: "User" });
    const session = await loginAs(t.app, "audited.signup@example.com", "longenough1");
    await rest(t.app, "POST", "/auth/logout", {}, { token: session.token });
    expect((await auditRow("auth.logout")).actorId).toBe(registered.body.user._id);
    await rest(t.app, "POST", "/emails/send-email", { email: "audited.signup@example.com" });
    await settleBackgroundWork();
    expect((await auditRow("auth.temporary_password")).entityId).toBe(registered.body.user._id);
  });

  it("ending a user's sessions and revoking an invitation", async () => {
    await rest(t.app, "DELETE", `/admin/users/${world.carrier.id}/sessions`, undefined, admin());
    expect(await auditRow("user.sessions.end", world.carrier.id)).toMatchObject({
      actorId: world.admin.id,
      ip: "192.0.2.44",
    });
    const invited = await rest<{ _id?: string; id?: string }>(
      t.app,
      "POST",
      "/admin/invitations",
      { email: "maybe@example.com", role: "CARRIER" },
      admin(),
    );
    expect(invited.status).toBe(201);
    const invitation = await t.app.deps.db.invitation.findFirstOrThrow({
      where: { email: "maybe@example.com" },
    });
    expect(
      (await rest(t.app, "DELETE", `/admin/invitations/${invitation.id}`, undefined, admin())).status,
    ).toBe(200);
    expect((await auditRow("invitation.revoke", invitation.id)).actorId).toBe(world.admin.id);
  });

  it("the NASS master: create, edit and import", async () => {
    const created = await rest(
      t.app,
      "POST",
      "/routing/nass",
      { code: "AUD01", city: "Boston", zip: "02205" },
      admin(),
    );
    expect(created.status).toBe(201);
    const row = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "AUD01" } });
    expect((await auditRow("nass.create", row.id)).entityType).toBe("NassCode");
    await rest(t.app, "PUT", "/routing/nass/AUD01", { city: "Cambridge" }, admin());
    expect((await auditRow("nass.update", row.id)).actorId).toBe(world.admin.id);
    const imported = await rest(
      t.app,
      "POST",
      "/routing/nass/import",
      {
        fileName: "nass.csv",
        rows: [{ Code: "AUD02", "Facility Name": "Imported", City: "Boston", State: "MA" }],
      },
      admin(),
    );
    expect(imported.status).toBeLessThan(300);
    expect(JSON.parse((await auditRow("nass.import")).details ?? "{}")).toMatchObject({
      fileName: "nass.csv",
    });
  });

  it("a load's customer rate and its tracking link", async () => {
    await uploadLoads(t.app, world.adminSession.token, [{ "Load ID": "AUD-L1" }]);
    const load = await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId: "AUD-L1" } });
    const rate = await gql(
      t.app,
      `mutation($input: SetLoadCustomerRateInput!) { setLoadCustomerRate(input: $input) { __typename } }`,
      { input: { id: "AUD-L1", customerRate: "12.34" } },
      { token: world.adminSession.token },
    );
    expect(rate.errors).toBeUndefined();
    expect(JSON.parse((await auditRow("load.setCustomerRate", load.id)).details ?? "{}")).toMatchObject({
      customerRateCents: 1234,
    });
    expect((await rest(t.app, "POST", "/tracking/links/AUD-L1", undefined, admin())).status).toBe(201);
    expect((await auditRow("tracking.renewLink", load.id)).entityType).toBe("Load");
    expect((await rest(t.app, "DELETE", "/tracking/links/AUD-L1", undefined, admin())).status).toBe(200);
    expect((await auditRow("tracking.revokeLink", load.id)).actorId).toBe(world.admin.id);
  });

  it("a driver detached from a carrier, a notification and a contact message", async () => {
    const { carrier, driver } = await carrierWithDriver(t.app, "AUD");
    const detached = await rest(
      t.app,
      "DELETE",
      `/carriers/${carrier.carrierId}/drivers/${driver.id}`,
      undefined,
      admin(),
    );
    expect(detached.status).toBe(200);
    expect((await auditRow("carrier.driver.detach", carrier.id)).actorId).toBe(world.admin.id);
    const sent = await rest(
      t.app,
      "POST",
      "/notifications",
      { userId: world.carrier.userId, title: "Audited", message: "Hello" },
      admin(),
    );
    expect(sent.status).toBe(201);
    expect((await auditRow("notification.send")).actorId).toBe(world.admin.id);
    const contact = await rest(
      t.app,
      "POST",
      "/contact",
      { email: "visitor@example.com", name: "Visitor", message: "Do you haul reefers?" },
      { ip: "198.51.100.3" },
    );
    expect(contact.status).toBe(201);
    expect(await auditRow("contact.send")).toMatchObject({ actorId: null, ip: "198.51.100.3" });
  });

  it("the marketplace: a winner confirmed (with its bill) and the winner's confirm details", async () => {
    const load = await biddableLoad(t.app);
    const offer = await openOffer(t.app, world.adminSession.token, load.loadId);
    const [winner] = await bidders(t.app, 1);
    const placed = await bid(t.app, winner.session.token, offer._id, 1200);
    const bidId = (placed.body.bid as { _id: string })._id;
    const confirmed = await rest(t.app, "POST", `/offers/${offer._id}/winner`, { bidId }, admin());
    expect(confirmed.status).toBe(200);
    expect(JSON.parse((await auditRow("offer.winner", offer._id)).details ?? "{}")).toMatchObject({ bidId });
    const billRow = await t.app.deps.db.bill.findFirstOrThrow({ where: { loadId: load.id } });
    expect((await auditRow("bill.create_for_winner", billRow.id)).actorId).toBe(world.admin.id);
    const saved = await rest(
      t.app,
      "PUT",
      `/offers/${load.loadId}/confirm-details`,
      { truckNumber: "TR-7" },
      { token: winner.session.token },
    );
    expect(saved.status).toBe(200);
    expect((await auditRow("load.confirmDetails", load.id)).actorId).toBe(winner.user.id);
  });
});
