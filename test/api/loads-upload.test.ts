import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { createNassCodes } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  adminId = world.admin.id;
  await createNassCodes(t.app, ["CHI01", "DAL02"]);
});
afterAll(() => t.close());

const loadCount = () => t.app.deps.db.load.count();

describe("POST /api/loads (bulk upload)", () => {
  it("answers 404 'No uploads found' for the last upload before any upload", async () => {
    const last = await rest(t.app, "GET", "/loads/last", undefined, { token: adminToken });
    expect(last.status).toBe(404);
    expect(last.body.message).toBe("No uploads found");
  });

  it("creates the loads, their routes and stops, and records the batch", async () => {
    const result = await rest(
      t.app,
      "POST",
      "/loads",
      {
        stream: "USPS",
        fileNames: ["november.csv"],
        loads: [
          {
            "Load ID": "UP-1",
            BOL: "B-1",
            "Route Number": "RT-100",
            Customer: "USPS",
            Origin: "Chicago NDC",
            Destination: "Dallas NDC",
            "Pickup Date": "11/21/2026 08:00",
            "Delivery Date": "2026-11-22T10:30:00Z",
            Weight: "12,500",
            Volume: 900,
            "Freight Class": "70",
            Commodity: "Parcels",
            "Reference Number": "PO-1",
            Status: "In Transit",
            Mode: "rail",
            "Origin NASS": "CHI01",
            "Destination NASS": "DAL02",
            "Trailer Type": "53' Dry Van",
          },
          { "Load ID": "UP-2", "Route Number": "RT-100" },
          { "Load ID": "", "Route Number": "" },
        ],
      },
      { token: adminToken },
    );
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ rowCount: 2, createdCount: 2, updatedCount: 0 });

    const load = await rest(t.app, "GET", "/loads/UP-1", undefined, { token: adminToken });
    expect(load.body).toMatchObject({
      loadId: "UP-1",
      bolNumber: "B-1",
      routeNumber: "RT-100",
      customer: "USPS",
      origin: { address: "Chicago NDC" },
      destination: { address: "Dallas NDC" },
      // No zone chosen on My Account: 08:00 is Eastern (EST, UTC-5); the written Z stays UTC.
      pickupDate: "2026-11-21T13:00:00.000Z",
      deliveryDate: "2026-11-22T10:30:00.000Z",
      weight: 12500,
      volume: 900,
      freightClass: "70",
      commodity: "Parcels",
      referenceNumber: "PO-1",
      status: "in_transit",
      mode: "RAIL",
      stream: "USPS",
      stopCount: 2,
      additionalData: { "Trailer Type": "53' Dry Van" },
      stops: [
        { sequence: 1, type: "pickup", nass: { code: "CHI01" } },
        { sequence: 2, type: "delivery", nass: { code: "DAL02" } },
      ],
    });
    const second = await rest(t.app, "GET", "/loads/UP-2", undefined, { token: adminToken });
    expect(second.body).toMatchObject({ status: "pending", mode: "TRUCK", customer: "USPS", stops: [] });
    expect(await t.app.deps.db.route.count({ where: { routeNumber: "RT-100" } })).toBe(1);

    const last = await rest(t.app, "GET", "/loads/last", undefined, { token: adminToken });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({
      stream: "USPS",
      rowCount: 2,
      createdCount: 2,
      fileNames: "november.csv",
    });
    expect(new Date(last.body.createdAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const audit = await t.app.deps.db.auditLog.findFirst({ where: { action: "load.upload" } });
    expect(audit?.entityId).toBe((last.body as { _id: string })._id);
  });

  it("updates a loadId that already exists instead of duplicating it; empty cells keep values", async () => {
    const before = await loadCount();
    const result = await rest(
      t.app,
      "POST",
      "/loads",
      {
        stream: "USPS",
        loads: [{ "Load ID": "UP-1", Weight: "13000", Customer: "" }, { "Load ID": "UP-3" }],
      },
      { token: adminToken },
    );
    expect(result.body).toMatchObject({ createdCount: 1, updatedCount: 1 });
    expect(await loadCount()).toBe(before + 1);
    const load = await t.app.deps.db.load.findUniqueOrThrow({
      where: { loadId: "UP-1" },
      include: { stops: true },
    });
    expect(load).toMatchObject({ weight: 13000, customer: "USPS", bolNumber: "B-1", status: "in_transit" });
    expect(load.stops).toHaveLength(2);

    await rest(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads: [{ "Load ID": "UP-1", "Origin NASS": "DAL02" }] },
      {
        token: adminToken,
      },
    );
    const replaced = await rest(t.app, "GET", "/loads/UP-1", undefined, { token: adminToken });
    expect(replaced.body).toMatchObject({
      stopCount: 1,
      stops: [{ sequence: 1, type: "pickup", nass: { code: "DAL02" } }],
    });
  });

  it("refuses the whole upload when any row is invalid, listing rows, fields and reasons", async () => {
    const before = await loadCount();
    const batches = await t.app.deps.db.uploadBatch.count();
    const result = await rest<{ message: string; errors: { field: string; message: string }[] }>(
      t.app,
      "POST",
      "/loads",
      {
        stream: "USPS",
        loads: [
          { "Load ID": "OK-1", "Pickup Date": "2026-11-21" },
          { "Load ID": "BAD-1", "Pickup Date": "2026-02-30", Status: "lost" },
          { "Load ID": "OK-1", Weight: "-3" },
          { "Load ID": "BAD-2", "Destination NASS": "NOPE" },
          {
            "Load ID": "BAD-3",
            "Pickup Date": "2026-12-09",
            "Delivery Date": "2026-12-08",
            BOL: "B".repeat(101),
          },
        ],
      },
      { token: adminToken },
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^4 rows have errors; nothing was uploaded\./);
    expect(result.body.errors).toEqual([
      { field: "rows.2.pickupDate", message: "Row 2: Pickup Date '2026-02-30' is not a valid date" },
      {
        field: "rows.2.status",
        message: "Row 2: Unknown status 'lost' (use pending, in_transit, delivered or cancelled)",
      },
      { field: "rows.3.loadId", message: "Row 3: Load ID 'OK-1' is already on row 1" },
      { field: "rows.3.weight", message: "Row 3: Weight must be 0 or more" },
      { field: "rows.4.destinationNass", message: "Row 4: Unknown NASS code 'NOPE' in Destination NASS" },
      { field: "rows.5.bolNumber", message: "Row 5: BOL Number is longer than 100 characters" },
      { field: "rows.5.deliveryDate", message: "Row 5: Delivery Date cannot be before Pickup Date" },
    ]);
    expect(await loadCount()).toBe(before);
    expect(await t.app.deps.db.uploadBatch.count()).toBe(batches);
  });

  it("writes nothing when only the last of many rows is invalid, though the rows before were already sent", async () => {
    const count = async () => ({
      loads: await loadCount(),
      routes: await t.app.deps.db.route.count(),
      batches: await t.app.deps.db.uploadBatch.count(),
      touches: await t.app.deps.db.loadUploadTouch.count(),
    });
    await rest(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads: [{ "Load ID": "MANY-OLD" }] },
      { token: adminToken },
    );
    const before = await count();
    const loads = Array.from({ length: 1_500 }, (_, index) => ({
      "Load ID": `MANY-${index}`,
      "Route Number": `RMANY-${index % 7}`,
      "Origin NASS": "CHI01",
    }));
    loads.push({ "Load ID": "MANY-LAST", "Route Number": "RMANY-X", "Origin NASS": "NOPE" });
    const refused = await rest<{ message: string; errors: { field: string; message: string }[] }>(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads },
      { token: adminToken },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: "rows.1501.originNass", message: "Row 1501: Unknown NASS code 'NOPE' in Origin NASS" },
    ]);
    expect(await count()).toEqual(before);

    loads.pop();
    const written = await rest<{ createdCount: number; updatedCount: number }>(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads: [...loads, { "Load ID": "MANY-OLD", Customer: "Again" }] },
      { token: adminToken },
    );
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ createdCount: 1_500, updatedCount: 1 });
    const after = await count();
    expect(after).toEqual({
      loads: before.loads + 1_500,
      routes: before.routes + 7,
      batches: before.batches + 1,
      touches: before.touches + 1_501,
    });
    const batch = await t.app.deps.db.uploadBatch.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(batch).toMatchObject({ rowCount: 1_501, createdCount: 1_500, updatedCount: 1 });
    expect(await t.app.deps.db.loadStop.count({ where: { load: { loadId: { startsWith: "MANY-" } } } })).toBe(
      1_500,
    );
  });

  it("requires the stream, then rows", async () => {
    const noStream = await rest(
      t.app,
      "POST",
      "/loads",
      { loads: [{ "Load ID": "X" }] },
      { token: adminToken },
    );
    expect(noStream.status).toBe(400);
    expect(noStream.body.message).toBe("Select the stream before upload.");
    for (const loads of [[], undefined, [{ "Load ID": "", Weight: "" }]]) {
      const empty = await rest(t.app, "POST", "/loads", { stream: "USPS", loads }, { token: adminToken });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe("No data to upload.");
    }
    const noLoadIdColumn = await rest(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads: [{ Weight: "5" }] },
      {
        token: adminToken,
      },
    );
    expect(noLoadIdColumn.body.message).toBe("The file has no Load ID column.");
  });

  it("holds the body to the JSON rules though a worker parses it: 400, 415, lone surrogates", async () => {
    const post = (body: BodyInit, contentType = "application/json") =>
      t.app.fetch(
        new Request("http://localhost/api/loads", {
          method: "POST",
          headers: { "content-type": contentType, authorization: `Bearer ${adminToken}` },
          body,
        }),
        { ip: "10.0.0.1" },
      );
    const badJson = await post('{"stream": "USPS", "loads": [');
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { message: string }).message).toBe(
      "The request body is not valid JSON.",
    );
    const badUtf8 = await post(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(badUtf8.status).toBe(400);
    expect(((await badUtf8.json()) as { message: string }).message).toBe(
      "The request body is not valid UTF-8.",
    );
    const notJson = await post(
      JSON.stringify({ stream: "USPS", loads: [{ "Load ID": "RB-1" }] }),
      "text/plain",
    );
    expect(notJson.status).toBe(415);
    const surrogate = await post('{"stream": "USPS", "loads": [{"Load ID": "RB-2\\ud800"}]}');
    expect(surrogate.status).toBe(400);
    expect(((await surrogate.json()) as { errors: { field: string }[] }).errors).toEqual([
      expect.objectContaining({ field: "$.loads[0].Load ID" }),
    ]);
    expect(await loadCount()).toBe(
      await t.app.deps.db.load.count({ where: { NOT: { loadId: { startsWith: "RB-" } } } }),
    );
  });

  it("refuses more than 5 MB of CSV with 413 and writes nothing", async () => {
    const before = await loadCount();
    const filler = "x".repeat(1000);
    const loads = Array.from({ length: 6 * 1024 }, (_, index) => ({
      "Load ID": `BIG-${index}`,
      Notes: filler,
    }));
    const result = await rest(t.app, "POST", "/loads", { stream: "USPS", loads }, { token: adminToken });
    expect(result.status).toBe(413);
    expect(result.body.message).toBe("The upload is larger than 5 MB.");
    expect(await loadCount()).toBe(before);
  });

  it("accepts the JSON of a 4.9 MB CSV (the body itself is larger than 5 MB)", async () => {
    const filler = "y".repeat(980);
    const header = "Notes Column With A Rather Long Header Name, As Spreadsheets Have";
    const loads = Array.from({ length: 5000 }, (_, index) => ({
      "Load ID": `MID-${index}`,
      [header]: filler,
    }));
    const body = JSON.stringify({ stream: "USPS", loads });
    expect(body.length).toBeGreaterThan(5 * 1024 * 1024);
    const result = await rest(t.app, "POST", "/loads", body, { token: adminToken });
    expect(result.status).toBe(201);
    expect(result.body.createdCount).toBe(5000);
  });

  it("refuses a body over the transport limit (32 MB) with 413 before reading it", async () => {
    const result = await t.app.fetch(
      new Request("http://x/api/loads", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${adminToken}`,
          "content-length": String(40 * 1024 * 1024),
        },
        body: "{}",
      }),
    );
    expect(result.status).toBe(413);
  });

  it("is for admins only: 403 for a carrier, 401 without a token", async () => {
    const body = { stream: "USPS", loads: [{ "Load ID": "NOPE-1" }] };
    expect((await rest(t.app, "POST", "/loads", body, { token: carrierToken })).status).toBe(403);
    expect((await rest(t.app, "POST", "/loads", body)).status).toBe(401);
    expect((await rest(t.app, "GET", "/loads/last", undefined, { token: carrierToken })).status).toBe(403);
    expect(await t.app.deps.db.load.count({ where: { loadId: "NOPE-1" } })).toBe(0);
  });

  it("waits for another writer's transaction instead of failing", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const other = t.app.deps.db.$transaction(async (tx) => {
      await tx.contactMessage.create({ data: { email: "a@example.com", name: "A", message: "hold" } });
      await held;
    });
    const upload = rest(
      t.app,
      "POST",
      "/loads",
      { stream: "USPS", loads: [{ "Load ID": "WAIT-1" }] },
      {
        token: adminToken,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await other;
    expect((await upload).status).toBe(201);
  });
});

describe("uploadLoads (GraphQL)", () => {
  const UPLOAD = `mutation Upload($input: UploadLoadsInput!) {
    uploadLoads(input: $input) {
      __typename
      ... on MutationUploadLoadsSuccess {
        data { createdCount updatedCount batch { id stream rowCount loads(first: 5) { totalCount edges { node { loadId weight } } } } }
      }
      ... on ValidationError { message fields { field message } }
    }
  }`;

  it("takes the rows as columns + cell lists", async () => {
    const result = await gql<{ uploadLoads: Record<string, unknown> }>(
      t.app,
      UPLOAD,
      {
        input: {
          stream: "USPS",
          columns: ["load_id", "WEIGHT", "pickup-date"],
          rows: [
            ["GQ-1", "100", "2026-12-01"],
            ["GQ-2", null, ""],
          ],
        },
      },
      { token: adminToken },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.uploadLoads).toMatchObject({
      __typename: "MutationUploadLoadsSuccess",
      data: {
        createdCount: 2,
        updatedCount: 0,
        batch: { stream: "USPS", rowCount: 2, loads: { totalCount: 2 } },
      },
    });
    const lastUpload = await gql<{ lastUpload: { id: string } }>(
      t.app,
      "{ lastUpload { id } }",
      {},
      { token: adminToken },
    );
    expect(lastUpload.data?.lastUpload.id).toBe(
      (result.data!.uploadLoads as { data: { batch: { id: string } } }).data.batch.id,
    );
    // With relations selected the batch comes through Prisma with them.
    const withRelations = await gql<{
      lastUpload: {
        id: string;
        rowCount: number;
        uploadedBy: { email: string };
        loads: { totalCount: number };
      };
    }>(
      t.app,
      "{ lastUpload { id rowCount uploadedBy { email } loads(first: 5) { totalCount } } }",
      {},
      { token: adminToken },
    );
    expect(withRelations.errors).toBeUndefined();
    expect(withRelations.data?.lastUpload).toMatchObject({
      id: lastUpload.data?.lastUpload.id,
      rowCount: 2,
      uploadedBy: { email: expect.stringContaining("@") },
      loads: { totalCount: 2 },
    });
  });

  it("returns a ValidationError with row fields and writes nothing", async () => {
    const result = await gql<{ uploadLoads: { __typename: string; fields: { field: string }[] } }>(
      t.app,
      UPLOAD,
      { input: { stream: "USPS", columns: ["Load ID", "Mode"], rows: [["GQ-9", "BOAT"]] } },
      { token: adminToken },
    );
    expect(result.data?.uploadLoads.__typename).toBe("ValidationError");
    expect(result.data?.uploadLoads.fields).toEqual([
      { field: "rows.1.mode", message: "Row 1: Unknown mode 'BOAT' (use TRUCK, RAIL, SHIP or AIR)" },
    ]);
    expect(await t.app.deps.db.load.count({ where: { loadId: "GQ-9" } })).toBe(0);
  });

  it("refuses rows that are not lists of strings or nulls, naming the line and cell", async () => {
    for (const [rows, message] of [
      [[["GQ-7", 5]], "line 0, cell 1 must be a string or null"],
      [[["GQ-7"], "GQ-8"], "line 1 must be a list of cells"],
      ["GQ-7", "must be a list of lines"],
    ] as const) {
      const result = await gql(
        t.app,
        UPLOAD,
        { input: { stream: "USPS", columns: ["Load ID"], rows } },
        {
          token: adminToken,
        },
      );
      expect(result.errors?.[0]?.message).toContain(message);
    }
    expect(await t.app.deps.db.load.count({ where: { loadId: { in: ["GQ-7", "GQ-8"] } } })).toBe(0);
  });

  it("refuses more than 5 MB of CSV with PAYLOAD_TOO_LARGE", async () => {
    const filler = "z".repeat(1000);
    const rows = Array.from({ length: 5400 }, (_, index) => [`GQBIG-${index}`, filler]);
    const result = await gql(
      t.app,
      UPLOAD,
      { input: { stream: "USPS", columns: ["Load ID", "Notes"], rows } },
      {
        token: adminToken,
      },
    );
    expect(result.errors?.[0]).toMatchObject({
      message: "The upload is larger than 5 MB.",
      extensions: { code: "PAYLOAD_TOO_LARGE" },
    });
    expect(await t.app.deps.db.load.count({ where: { loadId: { startsWith: "GQBIG-" } } })).toBe(0);
  });

  it("refuses a non-admin", async () => {
    const result = await gql(
      t.app,
      UPLOAD,
      { input: { stream: "USPS", columns: ["Load ID"], rows: [["GQ-X"]] } },
      {
        token: carrierToken,
      },
    );
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

const pickupOf = async (loadId: string) =>
  (await t.app.deps.db.load.findUniqueOrThrow({ where: { loadId } })).pickupDate?.toISOString();

describe("upload dates without a zone", () => {
  const upload = (loads: Record<string, string>[], extra: Record<string, unknown> = {}) =>
    rest(t.app, "POST", "/loads", { stream: "USPS", loads, ...extra }, { token: adminToken });

  it("are read in the uploader's chosen zone; written offsets and Z are kept", async () => {
    await t.app.deps.db.user.update({ where: { id: adminId }, data: { timeZone: "America/Chicago" } });
    try {
      const result = await upload([
        { "Load ID": "TZ-1", "Pickup Date": "07/04/2026 08:00" },
        { "Load ID": "TZ-2", "Pickup Date": "2026-12-01T08:00" },
        { "Load ID": "TZ-3", "Pickup Date": "2026-12-01T08:00:00Z" },
        { "Load ID": "TZ-4", "Pickup Date": "2026-12-01T08:00:00-08:00" },
      ]);
      expect(result.status).toBe(201);
      expect(await pickupOf("TZ-1")).toBe("2026-07-04T13:00:00.000Z");
      expect(await pickupOf("TZ-2")).toBe("2026-12-01T14:00:00.000Z");
      expect(await pickupOf("TZ-3")).toBe("2026-12-01T08:00:00.000Z");
      expect(await pickupOf("TZ-4")).toBe("2026-12-01T16:00:00.000Z");
    } finally {
      await t.app.deps.db.user.update({ where: { id: adminId }, data: { timeZone: null } });
    }
  });

  it("are read in the zone the request names (the screen's), over the stored one", async () => {
    const result = await upload([{ "Load ID": "TZ-5", "Pickup Date": "12/01/2026 8:00 AM" }], {
      timeZone: "America/Los_Angeles",
    });
    expect(result.status).toBe(201);
    expect(await pickupOf("TZ-5")).toBe("2026-12-01T16:00:00.000Z");
  });

  it("refuses a zone that is not one of the four, writing nothing", async () => {
    const result = await upload([{ "Load ID": "TZ-6", "Pickup Date": "2026-12-01" }], { timeZone: "UTC" });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(
      "Time zone must be one of America/New_York, America/Chicago, America/Denver, America/Los_Angeles",
    );
    expect(await t.app.deps.db.load.count({ where: { loadId: "TZ-6" } })).toBe(0);
  });
});
