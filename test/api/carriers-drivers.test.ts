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
import { type CarrierAnswer, createCarrierAs } from "../support/carriers.ts";

type UserRow = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let admin: Session;
let carrierSession: Session;
let adminUser: UserRow;
let drivers: UserRow[];
let alpha: CarrierAnswer;
let beta: CarrierAnswer;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrierSession = world.carrierSession;
  adminUser = world.admin;
  drivers = [];
  for (const name of ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Eng"]) {
    const email = `${name.split(" ")[0].toLowerCase()}@drivers.example.com`;
    drivers.push(await createUser(t.app, { email, fullName: name }));
  }
  alpha = await createCarrierAs(t.app, admin.token, 1, { carrierName: "Alpha Lines" });
  beta = await createCarrierAs(t.app, admin.token, 2, { carrierName: "Beta Haul" });
});
afterAll(() => t.close());

const patchDrivers = (carrier: CarrierAnswer, refs: unknown[], token = admin.token) =>
  rest<CarrierAnswer & { error?: string }>(
    t.app,
    "PATCH",
    `/carriers/${carrier.carrierId}`,
    { drivers: refs },
    {
      token,
    },
  );

const driverIdsOf = async (carrier: CarrierAnswer) => {
  const result = await rest<{ _id: string }[]>(
    t.app,
    "GET",
    `/carriers/${carrier.carrierId}/drivers`,
    undefined,
    {
      token: admin.token,
    },
  );
  expect(result.status).toBe(200);
  return result.body.map((driver) => driver._id).sort();
};

describe("the driver set through PATCH /api/carriers/{id}", () => {
  it("replaces the set; users are named by _id, by userId or as user objects", async () => {
    const [ann, ben, cy] = drivers;
    const first = await patchDrivers(alpha, [ann.id, ben.userId]);
    expect(first.status).toBe(200);
    expect(first.body.drivers.map((driver) => driver.fullName)).toEqual(["Ann Able", "Ben Baker"]);
    expect(first.body.drivers[0]).toMatchObject({ _id: ann.id, userId: ann.userId, email: ann.email });

    const second = await patchDrivers(alpha, [{ _id: cy.id }, { userId: ben.userId }, ben.id]);
    expect(second.body.drivers.map((driver) => driver.fullName)).toEqual(["Ben Baker", "Cy Cole"]);
    expect(await driverIdsOf(alpha)).toEqual([ben.id, cy.id].sort());
    const released = await t.app.deps.db.user.findUniqueOrThrow({ where: { id: ann.id } });
    expect(released.carrierId).toBeNull();

    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "carrier.update", entityId: alpha._id },
      orderBy: { createdAt: "desc" },
    });
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({
      drivers: { added: [cy.userId], removed: [ann.userId] },
    });

    const cleared = await patchDrivers(alpha, []);
    expect(cleared.body.drivers).toEqual([]);
  });

  it("leaves the drivers alone when `drivers` is not sent", async () => {
    await patchDrivers(alpha, [drivers[0].id]);
    const renamed = await rest<CarrierAnswer>(
      t.app,
      "PATCH",
      `/carriers/${alpha.carrierId}`,
      { type: "Rail" },
      {
        token: admin.token,
      },
    );
    expect(renamed.body.drivers.map((driver) => driver._id)).toEqual([drivers[0].id]);
    await patchDrivers(alpha, []);
  });

  it("refuses an unknown user with 404 naming the id, and changes nothing", async () => {
    await patchDrivers(alpha, [drivers[0].id]);
    const result = await patchDrivers(alpha, [drivers[1].id, "FW-NOSUCHUSER"]);
    expect(result.status).toBe(404);
    expect(result.body.error).toBe("User not found: FW-NOSUCHUSER");
    expect(await driverIdsOf(alpha)).toEqual([drivers[0].id]);
    await patchDrivers(alpha, []);
  });

  it("refuses an administrator as a driver", async () => {
    const result = await patchDrivers(alpha, [adminUser.id]);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(
      "Ada Admin (admin@example.com) is an administrator and cannot be a driver.",
    );
  });

  it("refuses with 409 a user who drives for another carrier", async () => {
    const [, , , di] = drivers;
    expect((await patchDrivers(beta, [di.id])).status).toBe(200);
    const result = await patchDrivers(alpha, [di.userId]);
    expect(result.status).toBe(409);
    expect(result.body.error).toBe(
      `Di Dunn (di@drivers.example.com) already drives for Beta Haul (${beta.carrierId}).`,
    );
    expect(await driverIdsOf(beta)).toEqual([di.id]);
    await patchDrivers(beta, []);
  });

  it("refuses a list that is not user ids", async () => {
    const result = await patchDrivers(alpha, [42]);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("Each driver must be a user id");
    const notAList = await rest(
      t.app,
      "PATCH",
      `/carriers/${alpha.carrierId}`,
      { drivers: "x" },
      {
        token: admin.token,
      },
    );
    expect(notAList.status).toBe(400);
  });

  it("is for admins only", async () => {
    expect((await patchDrivers(alpha, [drivers[0].id], carrierSession.token)).status).toBe(403);
    expect((await rest(t.app, "GET", `/carriers/${alpha.carrierId}/drivers`)).status).toBe(401);
  });
});

describe("POST/DELETE /api/carriers/{id}/drivers", () => {
  it("attaches by e-mail or user id and detaches by user id", async () => {
    const [, , , , ed] = drivers;
    const attached = await rest<CarrierAnswer>(
      t.app,
      "POST",
      `/carriers/${alpha.carrierId}/drivers`,
      {
        email: "ED@drivers.example.com",
      },
      { token: admin.token },
    );
    expect(attached.status).toBe(200);
    expect(attached.body.drivers.map((driver) => driver._id)).toEqual([ed.id]);
    const again = await rest<CarrierAnswer>(
      t.app,
      "POST",
      `/carriers/${alpha.carrierId}/drivers`,
      {
        userId: ed.userId,
      },
      { token: admin.token },
    );
    expect(again.body.drivers).toHaveLength(1);

    const detached = await rest<CarrierAnswer>(
      t.app,
      "DELETE",
      `/carriers/${alpha.carrierId}/drivers/${ed.userId}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(detached.status).toBe(200);
    expect(detached.body.drivers).toEqual([]);
    const notMember = await rest(
      t.app,
      "DELETE",
      `/carriers/${alpha.carrierId}/drivers/${ed.id}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(notMember.status).toBe(404);
    expect(notMember.body.error).toBe("Ed Eng (ed@drivers.example.com) is not a driver of Alpha Lines.");
  });
});

const ATTACH = /* GraphQL */ `
  mutation Attach($input: AttachDriverInput!) {
    attachDriver(input: $input) {
      __typename
      ... on MutationAttachDriverSuccess {
        data {
          carrier { id carrierId driverCount drivers { id userId email fullName } }
          driver { id email }
        }
      }
      ... on Error { message code }
      ... on ValidationError { fields { field message } }
    }
  }
`;

const DETACH = /* GraphQL */ `
  mutation Detach($input: DetachDriverInput!) {
    detachDriver(input: $input) {
      __typename
      ... on MutationDetachDriverSuccess {
        data { carrier { carrierId driverCount drivers { email } } driver { email } }
      }
      ... on Error { message code }
    }
  }
`;

interface DriverMutationResult {
  __typename: string;
  message?: string;
  code?: string;
  data?: {
    carrier: { id: string; carrierId: string; driverCount: number; drivers: { id: string; email: string }[] };
    driver: { id: string; email: string };
  };
}

describe("attachDriver / detachDriver (GraphQL)", () => {
  let alphaGlobalId: string;
  beforeAll(async () => {
    const result = await gql<{ carrierByCarrierId: { id: string } }>(
      t.app,
      `query { carrierByCarrierId(carrierId: "${alpha.carrierId}") { id } }`,
      {},
      { token: admin.token },
    );
    alphaGlobalId = result.data!.carrierByCarrierId.id;
  });

  const attach = (carrierId: string, email: string, token = admin.token) =>
    gql<{ attachDriver: DriverMutationResult }>(t.app, ATTACH, { input: { carrierId, email } }, { token });

  it("attaches a signed-up carrier user by e-mail and returns the carrier with its drivers", async () => {
    const result = await attach(alphaGlobalId, "ann@drivers.example.com");
    expect(result.errors).toBeUndefined();
    expect(result.data?.attachDriver.__typename).toBe("MutationAttachDriverSuccess");
    const data = result.data!.attachDriver.data!;
    expect(data.carrier).toMatchObject({ carrierId: alpha.carrierId, driverCount: 1 });
    expect(data.carrier.drivers.map((driver) => driver.email)).toEqual(["ann@drivers.example.com"]);
    expect(data.driver.email).toBe("ann@drivers.example.com");
    const audit = await t.app.deps.db.auditLog.count({ where: { action: "carrier.driver.attach" } });
    expect(audit).toBeGreaterThan(0);

    const byCarrierId = await attach(alpha.carrierId, "ben@drivers.example.com");
    expect(byCarrierId.data!.attachDriver.data!.carrier.driverCount).toBe(2);
  });

  it("answers typed errors: unknown e-mail, administrator, another carrier's driver", async () => {
    const unknown = await attach(alphaGlobalId, "nobody@example.com");
    expect(unknown.data!.attachDriver).toMatchObject({
      __typename: "NotFoundError",
      message: "No user with the e-mail nobody@example.com.",
    });
    const administrator = await attach(alphaGlobalId, "admin@example.com");
    expect(administrator.data!.attachDriver).toMatchObject({
      __typename: "ValidationError",
      message: "Ada Admin (admin@example.com) is an administrator and cannot be a driver.",
    });
    await attach(beta.carrierId, "cy@drivers.example.com");
    const taken = await attach(alphaGlobalId, "cy@drivers.example.com");
    expect(taken.data!.attachDriver).toMatchObject({
      __typename: "ConflictError",
      message: `Cy Cole (cy@drivers.example.com) already drives for Beta Haul (${beta.carrierId}).`,
    });
    const badEmail = await attach(alphaGlobalId, "not-an-email");
    expect(badEmail.data!.attachDriver.__typename).toBe("ValidationError");
    const unknownCarrier = await attach("CAR-999999", "ann@drivers.example.com");
    expect(unknownCarrier.data!.attachDriver).toMatchObject({
      __typename: "NotFoundError",
      message: "Carrier not found",
    });
  });

  it("detaches a driver by User id or userId; a non-member is not found", async () => {
    const ann = drivers[0];
    const userGlobalId = Buffer.from(`User:${ann.id}`).toString("base64");
    const result = await gql<{ detachDriver: DriverMutationResult }>(
      t.app,
      DETACH,
      { input: { carrierId: alphaGlobalId, userId: userGlobalId } },
      { token: admin.token },
    );
    expect(result.data!.detachDriver.__typename).toBe("MutationDetachDriverSuccess");
    expect(result.data!.detachDriver.data!.carrier.drivers.map((driver) => driver.email)).toEqual([
      "ben@drivers.example.com",
    ]);
    const again = await gql<{ detachDriver: DriverMutationResult }>(
      t.app,
      DETACH,
      { input: { carrierId: alpha.carrierId, userId: ann.userId } },
      { token: admin.token },
    );
    expect(again.data!.detachDriver).toMatchObject({ __typename: "NotFoundError" });
  });

  it("refuses non-admins and anonymous callers at the top level", async () => {
    const asCarrier = await attach(alphaGlobalId, "ed@drivers.example.com", carrierSession.token);
    expect(asCarrier.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const anonymous = await gql(t.app, ATTACH, {
      input: { carrierId: alphaGlobalId, email: "ed@drivers.example.com" },
    });
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
