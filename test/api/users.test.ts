import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAndCarrier,
  createTestApp,
  createUser,
  gql,
  rest,
  type Session,
  type TestApp,
} from "../support/app.ts";

let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;
let admin: Session;
let carrier: Session;
beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrier = world.carrierSession;
});
afterAll(() => t.close());

describe("GET /api/user/profile", () => {
  it("answers the viewer with _id and role", async () => {
    const result = await rest(t.app, "GET", "/user/profile", undefined, { token: carrier.token });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      _id: world.carrier.id,
      role: "CARRIER",
      userId: world.carrier.userId,
    });
    expect(result.body).not.toHaveProperty("passwordHash");
  });
});

describe("POST /api/user/{id}", () => {
  it("saves the profile form fields of the viewer", async () => {
    const result = await rest(
      t.app,
      "POST",
      `/user/${world.carrier.id}`,
      {
        fullName: "Carl Carrier",
        contactPhone: "(201) 555-0123",
        mcDot: "MC-123456",
        cargoTypes: "Dry Van",
        experienceYears: "12",
        areasOfOperation: "TX, OK",
      },
      { token: carrier.token },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      fullName: "Carl Carrier",
      contactPhone: "+12015550123",
      experienceYears: 12,
      areasOfOperation: "TX, OK",
      userId: world.carrier.userId,
    });
    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "user.profile.update", entityId: world.carrier.id },
    });
    expect(audit?.actorId).toBe(world.carrier.id);
  });

  it("accepts the userId as well as the _id", async () => {
    const result = await rest(
      t.app,
      "POST",
      `/user/${world.carrier.userId}`,
      { cargoTypes: "Flatbed" },
      { token: carrier.token },
    );
    expect(result.body.cargoTypes).toBe("Flatbed");
  });

  it("refuses bad values without changing anything", async () => {
    const before = await t.app.deps.db.user.findUniqueOrThrow({ where: { id: world.carrier.id } });
    for (const body of [
      { experienceYears: -1 },
      { experienceYears: 2.5 },
      { email: "nope" },
      { contactPhone: "123" },
    ]) {
      const result = await rest(
        t.app,
        "POST",
        `/user/${world.carrier.id}`,
        { fullName: "Changed", ...body },
        { token: carrier.token },
      );
      expect(result.status).toBe(400);
    }
    const after = await t.app.deps.db.user.findUniqueOrThrow({ where: { id: world.carrier.id } });
    expect(after.fullName).toBe(before.fullName);
  });

  it("refuses the e-mail of another user with 409", async () => {
    const result = await rest(
      t.app,
      "POST",
      `/user/${world.carrier.id}`,
      { email: "admin@example.com" },
      { token: carrier.token },
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe("The email already exist.");
  });

  it("lets a carrier edit only their own profile, an admin anyone's", async () => {
    const forbidden = await rest(
      t.app,
      "POST",
      `/user/${world.admin.id}`,
      { fullName: "Mallory" },
      { token: carrier.token },
    );
    expect(forbidden.status).toBe(403);
    // An unknown id answers the carrier the same: a write does not tell who exists either.
    const unknown = await rest(
      t.app,
      "POST",
      "/user/unknown-id",
      { fullName: "Mallory" },
      { token: carrier.token },
    );
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(forbidden.body);
    const byAdmin = await rest(
      t.app,
      "POST",
      `/user/${world.carrier.id}`,
      { companyName: "Carl & Co" },
      { token: admin.token },
    );
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.companyName).toBe("Carl & Co");
    expect(
      (await rest(t.app, "POST", "/user/unknown-id", { fullName: "x" }, { token: admin.token })).status,
    ).toBe(404);
    expect((await rest(t.app, "POST", `/user/${world.carrier.id}`, { fullName: "x" })).status).toBe(401);
  });
});

describe("GET /api/user/{id}/rating", () => {
  it("derives wins and losses from decided bids", async () => {
    const load = await t.app.deps.db.load.create({ data: { loadId: "L-RATING-1" } });
    const offer = await t.app.deps.db.offer.create({
      data: { loadId: load.id, startDateTime: new Date(), roundEndsAt: new Date(Date.now() + 3_600_000) },
    });
    await t.app.deps.db.bid.create({
      data: { offerId: offer.id, userId: world.carrier.id, amountCents: 120000, status: "winner" },
    });
    const load2 = await t.app.deps.db.load.create({ data: { loadId: "L-RATING-2" } });
    const offer2 = await t.app.deps.db.offer.create({
      data: { loadId: load2.id, startDateTime: new Date(), roundEndsAt: new Date(Date.now() + 3_600_000) },
    });
    await t.app.deps.db.bid.create({
      data: { offerId: offer2.id, userId: world.carrier.id, amountCents: 99000, status: "loser" },
    });
    const result = await rest(t.app, "GET", `/user/${world.carrier.id}/rating`, undefined, {
      token: admin.token,
    });
    expect(result.body).toEqual({
      userId: world.carrier.userId,
      wins: 1,
      losses: 1,
      totalBids: 2,
      rating: 2.5,
    });
    expect((await rest(t.app, "GET", `/user/${world.carrier.id}/rating`)).status).toBe(401);
  });
});

describe("another user's record over REST", () => {
  it("answers a carrier as for an unknown user (404), its own and an admin's reads stay allowed", async () => {
    const other = await createUser(t.app, { email: "other-carrier@example.com" });
    for (const suffix of ["/rating", ""]) {
      const unknown = await rest(t.app, "GET", `/user/no-such-user${suffix}`, undefined, {
        token: carrier.token,
      });
      expect(unknown).toMatchObject({ status: 404, body: { message: "User not found" } });
      for (const target of [other.id, other.userId, world.admin.id]) {
        const foreign = await rest(t.app, "GET", `/user/${target}${suffix}`, undefined, {
          token: carrier.token,
        });
        expect(foreign.status, `${target}${suffix}`).toBe(404);
        expect(foreign.body).toEqual(unknown.body);
      }
      const own = await rest(t.app, "GET", `/user/${world.carrier.userId}${suffix}`, undefined, {
        token: carrier.token,
      });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ userId: world.carrier.userId });
      const byAdmin = await rest(t.app, "GET", `/user/${other.id}${suffix}`, undefined, {
        token: admin.token,
      });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ userId: other.userId });
    }
  });
});

describe("the viewer's time zone (My Account)", () => {
  it("is null until chosen, then stored on the user through GraphQL and REST", async () => {
    const read = () =>
      gql<{ viewer: { timeZone: string | null } }>(
        t.app,
        "{ viewer { timeZone } }",
        {},
        { token: carrier.token },
      );
    await expect(read().then((result) => result.data?.viewer.timeZone)).resolves.toBeNull();

    const saved = await gql<{ updateProfile: { __typename: string; user?: { timeZone: string } } }>(
      t.app,
      `mutation ($input: UpdateProfileInput!) {
        updateProfile(input: $input) {
          __typename
          ... on MutationUpdateProfileSuccess { data { user { timeZone } } }
        }
      }`,
      { input: { timeZone: "America/Denver" } },
      { token: carrier.token },
    );
    expect(JSON.stringify(saved.data)).toContain("America/Denver");
    await expect(read().then((result) => result.data?.viewer.timeZone)).resolves.toBe("America/Denver");

    const viaRest = await rest(
      t.app,
      "POST",
      `/user/${world.carrier.id}`,
      { timeZone: "America/Los_Angeles" },
      { token: carrier.token },
    );
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({ timeZone: "America/Los_Angeles" });
  });

  it("refuses a zone that is not one of the four US zones", async () => {
    const result = await rest(
      t.app,
      "POST",
      `/user/${world.carrier.id}`,
      { timeZone: "Europe/Madrid" },
      { token: carrier.token },
    );
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toContain("Time zone must be one of");
  });
});
