import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, rest, type Session, type TestApp } from "../support/app.ts";
import { type CarrierAnswer, carrierPayload, createCarrierAs } from "../support/carriers.ts";

let t: TestApp;
let admin: Session;
let carrierUser: Session;
beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  admin = world.adminSession;
  carrierUser = world.carrierSession;
});
afterAll(() => t.close());

describe("POST /api/carriers", () => {
  it("creates a carrier with a readable carrierId, normalised numbers and the answer's shape", async () => {
    const result = await rest<CarrierAnswer>(
      t.app,
      "POST",
      "/carriers",
      carrierPayload(1, { dotNumber: "USDOT 0003000001", mcNumber: "MC 700001", type: undefined }),
      { token: admin.token },
    );
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      carrierName: "Carrier 1 Freight",
      dotNumber: "3000001",
      mcNumber: "700001",
      type: "Trucking",
      contact: { name: "Contact 1", phone: "+12015550101", email: "dispatch1@carrier1.example.com" },
      drivers: [],
    });
    expect(result.body.carrierId).toMatch(/^CAR-\d{6}$/);
    expect(result.body._id).toEqual(expect.any(String));

    const audit = await t.app.deps.db.auditLog.findFirst({
      where: { action: "carrier.create", entityId: result.body._id },
    });
    expect(audit?.actorId).toBe(admin.userId);
  });

  it("numbers carrier ids in sequence", async () => {
    const first = await createCarrierAs(t.app, admin.token, 2);
    const second = await createCarrierAs(t.app, admin.token, 3, { type: "rail" });
    expect(Number(second.carrierId.slice(4))).toBe(Number(first.carrierId.slice(4)) + 1);
    expect(second.type).toBe("Rail");
  });

  it("also reads contact as {name, phone, email}", async () => {
    const { contact: _name, phone: _phone, email: _email, ...rest_ } = carrierPayload(4);
    const result = await rest<CarrierAnswer>(
      t.app,
      "POST",
      "/carriers",
      { ...rest_, contact: { name: "Nested Name", phone: "3125550188", email: "Nested@Example.com" } },
      { token: admin.token },
    );
    expect(result.status).toBe(201);
    expect(result.body.contact).toEqual({
      name: "Nested Name",
      phone: "+13125550188",
      email: "nested@example.com",
    });
  });

  it.each([
    ["carrierName", "", "Carrier name is required"],
    ["carrierName", undefined, "Carrier name is required"],
    ["dotNumber", " ", "DOT # is required"],
    ["mcNumber", undefined, "MC # is required"],
    ["contact", "", "Contact is required"],
    ["phone", "", "Phone is required"],
    ["email", "", "Valid email is required"],
    ["email", "no-at-sign.example.com", "Valid email is required"],
    ["email", "two@@example.com", "Valid email is required"],
    ["email", "spaces in@example.com", "Valid email is required"],
    ["phone", "555-01", "Invalid phone number"],
    ["phone", "+44 20 7946 0958", "Invalid phone number"],
    ["dotNumber", "DOT-12A", "DOT # must be 1 to 8 digits"],
    ["mcNumber", "MC-123456789", "MC # must be 1 to 8 digits"],
    ["type", "Boat", "Type must be Trucking, Rail or Air"],
  ])("refuses %s = %j with '%s'", async (field, value, message) => {
    const result = await rest(t.app, "POST", "/carriers", carrierPayload(50, { [field]: value }), {
      token: admin.token,
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(message);
    expect(result.body.message).toBe(message);
    expect(result.body.errors).toContainEqual({ field, message });
  });

  it("reports every missing field of an empty form at once, in the form's order", async () => {
    const result = await rest(t.app, "POST", "/carriers", {}, { token: admin.token });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("Carrier name is required");
    expect((result.body.errors as { message: string }[]).map((error) => error.message)).toEqual([
      "Carrier name is required",
      "DOT # is required",
      "MC # is required",
      "Contact is required",
      "Phone is required",
      "Valid email is required",
    ]);
  });

  it("answers 409 for a second carrier with the same e-mail, DOT # or MC #", async () => {
    await createCarrierAs(t.app, admin.token, 10);
    const sameEmail = await rest(
      t.app,
      "POST",
      "/carriers",
      carrierPayload(11, { email: "DISPATCH10@carrier10.example.com" }),
      { token: admin.token },
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe("A carrier with this email already exists.");

    const sameDot = await rest(t.app, "POST", "/carriers", carrierPayload(12, { dotNumber: "DOT 3000010" }), {
      token: admin.token,
    });
    expect(sameDot.status).toBe(409);
    expect(sameDot.body.error).toBe("A carrier with this DOT # already exists.");

    const sameMc = await rest(t.app, "POST", "/carriers", carrierPayload(13, { mcNumber: "700010" }), {
      token: admin.token,
    });
    expect(sameMc.status).toBe(409);
    expect(sameMc.body.error).toBe("A carrier with this MC # already exists.");
  });

  it("gives concurrent creates distinct ids, and one e-mail to one of them", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        rest<CarrierAnswer>(t.app, "POST", "/carriers", carrierPayload(60 + index), { token: admin.token }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
    const sequences = results.map((result) => Number(result.body.carrierId.slice(4))).sort((a, b) => a - b);
    expect(sequences.at(-1)! - sequences[0]).toBe(7);

    const sameEmail = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        rest(t.app, "POST", "/carriers", carrierPayload(70 + index, { email: "race@example.com" }), {
          token: admin.token,
        }),
      ),
    );
    expect(sameEmail.map((result) => result.status).sort()).toEqual([201, 409, 409, 409]);
    expect(sameEmail.find((result) => result.status === 409)?.body.error).toBe(
      "A carrier with this email already exists.",
    );
  });

  it("answers 401 without a session and 403 to a carrier user", async () => {
    const anonymous = await rest(t.app, "POST", "/carriers", carrierPayload(20));
    expect(anonymous.status).toBe(401);
    const carrier = await rest(t.app, "POST", "/carriers", carrierPayload(20), { token: carrierUser.token });
    expect(carrier.status).toBe(403);
  });
});

describe("GET /api/carriers and /api/carriers/{id}", () => {
  let carrier: CarrierAnswer;
  beforeAll(async () => {
    carrier = await createCarrierAs(t.app, admin.token, 30, { carrierName: "Zephyr Air Lines", type: "Air" });
  });

  it("lists every carrier as an array sorted by name", async () => {
    const result = await rest<CarrierAnswer[]>(t.app, "GET", "/carriers", undefined, { token: admin.token });
    expect(result.status).toBe(200);
    const names = result.body.map((row) => row.carrierName);
    expect(names).toContain("Zephyr Air Lines");
    expect(names).toEqual([...names].sort());
    expect(result.body[0]).toHaveProperty("contact.phone");
    expect(result.body[0]).toHaveProperty("drivers");
  });

  it("takes optional search, type and sort parameters", async () => {
    const byType = await rest<CarrierAnswer[]>(t.app, "GET", "/carriers?type=Air", undefined, {
      token: admin.token,
    });
    expect(byType.body.map((row) => row.carrierName)).toEqual(["Zephyr Air Lines"]);
    const bySearch = await rest<CarrierAnswer[]>(t.app, "GET", "/carriers?search=zephyr", undefined, {
      token: admin.token,
    });
    expect(bySearch.body.map((row) => row.carrierId)).toEqual([carrier.carrierId]);
    const newestFirst = await rest<CarrierAnswer[]>(
      t.app,
      "GET",
      "/carriers?sortBy=createdAt&sortDirection=desc",
      undefined,
      { token: admin.token },
    );
    expect(newestFirst.body[0].carrierId).toBe(carrier.carrierId);
    const badSort = await rest(t.app, "GET", "/carriers?sortBy=password", undefined, { token: admin.token });
    expect(badSort.status).toBe(400);
  });

  it("finds one carrier by carrierId (any case) or by _id", async () => {
    for (const id of [carrier.carrierId, carrier.carrierId.toLowerCase(), carrier._id]) {
      const result = await rest<CarrierAnswer>(t.app, "GET", `/carriers/${id}`, undefined, {
        token: admin.token,
      });
      expect(result.status).toBe(200);
      expect(result.body.carrierName).toBe("Zephyr Air Lines");
    }
  });

  it("answers 404 for an unknown carrier", async () => {
    const result = await rest(t.app, "GET", "/carriers/CAR-999999", undefined, { token: admin.token });
    expect(result.status).toBe(404);
    expect(result.body.error).toBe("Carrier not found");
    const drivers = await rest(t.app, "GET", "/carriers/nope/drivers", undefined, { token: admin.token });
    expect(drivers.status).toBe(404);
    const patch = await rest(t.app, "PATCH", "/carriers/nope", { carrierName: "X" }, { token: admin.token });
    expect(patch.status).toBe(404);
  });

  it("is for admins only", async () => {
    for (const path of [
      "/carriers",
      `/carriers/${carrier.carrierId}`,
      `/carriers/${carrier.carrierId}/drivers`,
    ]) {
      expect((await rest(t.app, "GET", path)).status).toBe(401);
      expect((await rest(t.app, "GET", path, undefined, { token: carrierUser.token })).status).toBe(403);
    }
    const patch = await rest(
      t.app,
      "PATCH",
      `/carriers/${carrier.carrierId}`,
      { carrierName: "X" },
      {
        token: carrierUser.token,
      },
    );
    expect(patch.status).toBe(403);
  });
});

describe("PATCH /api/carriers/{id}", () => {
  let carrier: CarrierAnswer;
  beforeAll(async () => {
    carrier = await createCarrierAs(t.app, admin.token, 40);
    await createCarrierAs(t.app, admin.token, 41);
  });

  it("changes what it is sent and keeps the rest", async () => {
    const result = await rest<CarrierAnswer>(
      t.app,
      "PATCH",
      `/carriers/${carrier.carrierId}`,
      {
        carrierName: "Renamed Freight",
        dotNumber: "DOT 4000040",
        mcNumber: "MC-800040",
        type: "Rail",
        contact: { name: "New Contact", phone: "312-555-0140", email: "New@Renamed.example.com" },
      },
      { token: admin.token },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      carrierId: carrier.carrierId,
      carrierName: "Renamed Freight",
      dotNumber: "4000040",
      mcNumber: "800040",
      type: "Rail",
      contact: { name: "New Contact", phone: "+13125550140", email: "new@renamed.example.com" },
    });
    const partial = await rest<CarrierAnswer>(
      t.app,
      "PATCH",
      `/carriers/${carrier._id}`,
      { type: "Air" },
      {
        token: admin.token,
      },
    );
    expect(partial.body).toMatchObject({ carrierName: "Renamed Freight", type: "Air", mcNumber: "800040" });
    const audit = await t.app.deps.db.auditLog.count({
      where: { action: "carrier.update", entityId: carrier._id },
    });
    expect(audit).toBe(2);
  });

  it.each([
    [{ carrierName: "" }, "carrierName", "Required"],
    [{ carrierName: null }, "carrierName", "Required"],
    [{ contact: { phone: "" } }, "contact.phone", "Required"],
    [{ contact: { phone: "12" } }, "contact.phone", "Invalid phone number"],
    [{ contact: { email: "no-at-sign" } }, "contact.email", "Valid email required"],
    [{ contact: { email: "" } }, "contact.email", "Valid email required"],
    [{ contact: { name: "" } }, "contact.name", "Required"],
    [{ dotNumber: "" }, "dotNumber", "Required"],
    [{ mcNumber: "MC-x" }, "mcNumber", "MC # must be 1 to 8 digits"],
    [{ type: "Ship" }, "type", "Type must be Trucking, Rail or Air"],
  ])("refuses %j with '%s: %s'", async (body, field, message) => {
    const result = await rest(t.app, "PATCH", `/carriers/${carrier.carrierId}`, body, { token: admin.token });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(message);
    expect(result.body.errors).toContainEqual({ field, message });
  });

  it("answers 409 when the e-mail, DOT # or MC # belongs to another carrier, not to itself", async () => {
    const path = `/carriers/${carrier.carrierId}`;
    const email = await rest(
      t.app,
      "PATCH",
      path,
      { contact: { email: "dispatch41@carrier41.example.com" } },
      {
        token: admin.token,
      },
    );
    expect(email.status).toBe(409);
    expect(email.body.error).toBe("A carrier with this email already exists.");
    const dot = await rest(t.app, "PATCH", path, { dotNumber: "3000041" }, { token: admin.token });
    expect(dot.body.error).toBe("A carrier with this DOT # already exists.");
    const mc = await rest(t.app, "PATCH", path, { mcNumber: "MC 700041" }, { token: admin.token });
    expect(mc.body.error).toBe("A carrier with this MC # already exists.");

    const own = await rest<CarrierAnswer>(t.app, "GET", path, undefined, { token: admin.token });
    const same = await rest(
      t.app,
      "PATCH",
      path,
      { dotNumber: own.body.dotNumber, contact: own.body.contact },
      {
        token: admin.token,
      },
    );
    expect(same.status).toBe(200);
  });
});
