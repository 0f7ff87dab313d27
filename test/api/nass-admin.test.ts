import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NASS_CODE_REQUIRED, NASS_COLUMNS, NASS_IMPORT_TOO_LARGE } from "../../common/routing.ts";
import { zipCentroid } from "../../server/geo/zip-centroids.ts";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { createNassCodes } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;
const admin = () => ({ token: adminToken });

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  await createNassCodes(t.app, ["CHI01", "DAL02", "ATL03", "DEN04"]);
});
afterAll(() => t.close());

const HEADERS = NASS_COLUMNS.map(([title]) => title);

function csvRow(code: string, overrides: Partial<Record<string, string>> = {}) {
  const base: Record<string, string> = {
    Code: code,
    Region: "Eastern",
    Division: "Northeast",
    "FDB ID": `FDB-${code}`,
    "Facility Name": `${code} Processing and Distribution Center`,
    Street: "1 Postal Way",
    City: "Boston",
    State: "MA",
    Zip: "02205",
    "Type Code": "P&DC",
    "Sub-Type": "Plant",
    "Facility Type": "P&DC",
    Originating: "Y",
    Destinating: "N",
    ...overrides,
  };
  return base;
}

type NassBody = Record<string, unknown> & { code: string };

describe("NASS list (GraphQL and REST)", () => {
  const QUERY = `query ($search: String, $filter: NassFilter, $orderBy: NassCodeOrder, $page: Int) {
    nassCodes(search: $search, filter: $filter, orderBy: $orderBy, page: $page) {
      totalCount pageCount pageSize edges { node { code state zip } }
    }
  }`;
  const codes = async (variables: Record<string, unknown>) => {
    const result = await gql<{ nassCodes: { edges: { node: { code: string } }[]; pageSize: number } }>(
      t.app,
      QUERY,
      variables,
      admin(),
    );
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.nassCodes.edges.map((edge) => edge.node.code);
  };

  it("searches code, facility name, city, state and zip", async () => {
    expect(await codes({ search: "chi" })).toEqual(["CHI01"]);
    expect(await codes({ search: "facility den" })).toEqual(["DEN04"]);
    expect(await codes({ search: "atlanta" })).toEqual(["ATL03"]);
    expect(await codes({ search: "tx" })).toEqual(["DAL02"]);
    expect(await codes({ search: "60603" })).toEqual(["DEN04"]);
  });

  it("filters, sorts and offers the filter values", async () => {
    expect(await codes({ filter: { destinating: true } })).toEqual(["ATL03", "CHI01"]);
    expect(await codes({ filter: { state: "GA", originating: true } })).toEqual(["ATL03"]);
    expect(await codes({ orderBy: { field: "CITY", direction: "DESC" } })).toEqual([
      "DEN04",
      "DAL02",
      "CHI01",
      "ATL03",
    ]);
    const facets = await gql<{ nassFacets: { states: string[]; regions: string[] } }>(
      t.app,
      "{ nassFacets { states regions divisions facilityTypes } }",
      {},
      admin(),
    );
    expect(facets.data?.nassFacets.states).toEqual(["CO", "GA", "IL", "TX"]);
  });

  it("REST pages with headers and honours search", async () => {
    const result = await rest<NassBody[]>(t.app, "GET", "/routing/nass?limit=3&page=2", undefined, admin());
    expect(result.status).toBe(200);
    expect(result.headers.get("x-total-count")).toBe("4");
    expect(result.body.map((nass) => nass.code)).toEqual(["DEN04"]);
    const searched = await rest<NassBody[]>(t.app, "GET", "/routing/nass?search=dal", undefined, admin());
    expect(searched.body.map((nass) => nass.code)).toEqual(["DAL02"]);
  });
});

describe("create and edit a NASS facility", () => {
  it("creates with ZIP-centroid coordinates and refuses a taken code", async () => {
    const created = await rest<NassBody>(
      t.app,
      "POST",
      "/routing/nass",
      {
        code: "BOS01",
        facilityName: "Boston P&DC",
        city: "Boston",
        state: "ma",
        zip: "02205",
        originating: true,
      },
      admin(),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: "BOS01", state: "MA", originating: true, destinating: false });
    const row = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "BOS01" } });
    const centroid = zipCentroid("02205");
    expect(centroid).not.toBeNull();
    expect({ lat: row.latitude, lng: row.longitude }).toEqual(centroid);
    const again = await rest(t.app, "POST", "/routing/nass", { code: "BOS01" }, admin());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("NASS code BOS01 already exists.");
  });

  it("refuses a missing code and bad state or zip, changing nothing", async () => {
    const before = await t.app.deps.db.nassCode.count();
    const missing = await rest(t.app, "POST", "/routing/nass", { facilityName: "No code" }, admin());
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(NASS_CODE_REQUIRED);
    const bad = await rest(
      t.app,
      "POST",
      "/routing/nass",
      { code: "BAD1", state: "Texas", zip: "12" },
      admin(),
    );
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((error) => error.field)).toEqual(["state", "zip"]);
    expect(await t.app.deps.db.nassCode.count()).toBe(before);
  });

  it("edits by code over REST and by id over GraphQL; a new zip moves the facility", async () => {
    const edited = await rest<NassBody>(
      t.app,
      "PUT",
      "/routing/nass/BOS01",
      { zip: "60601", city: "Chicago" },
      admin(),
    );
    expect(edited.status).toBe(200);
    const row = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "BOS01" } });
    expect({ lat: row.latitude, lng: row.longitude }).toEqual(zipCentroid("60601"));
    const result = await gql<{ updateNassCode: { data?: { nassCode: { city: string; latitude: number } } } }>(
      t.app,
      `mutation ($input: UpdateNassCodeInput!) { updateNassCode(input: $input) {
        ... on MutationUpdateNassCodeSuccess { data { nassCode { city latitude } } } ... on Error { message } } }`,
      { input: { id: row.id, city: "Cicero", latitude: 41.85, longitude: -87.75 } },
      admin(),
    );
    expect(result.data?.updateNassCode.data?.nassCode).toEqual({ city: "Cicero", latitude: 41.85 });
    expect((await rest(t.app, "PUT", "/routing/nass/NOPE", { city: "X" }, admin())).status).toBe(404);
  });

  it("is for admins", async () => {
    expect((await rest(t.app, "POST", "/routing/nass", { code: "C1" }, { token: carrierToken })).status).toBe(
      403,
    );
    expect(
      (await rest(t.app, "PUT", "/routing/nass/BOS01", { city: "X" }, { token: carrierToken })).status,
    ).toBe(403);
    expect((await rest(t.app, "POST", "/routing/nass/import", { rows: [csvRow("C1")] })).status).toBe(401);
  });
});

describe("NASS CSV import", () => {
  it("upserts by code, matching headers like the load upload, with ZIP-centroid coordinates", async () => {
    const result = await rest(
      t.app,
      "POST",
      "/routing/nass/import",
      {
        fileName: "nass.csv",
        rows: [
          csvRow("NEW01"),
          { ...csvRow("CHI01", { City: "Chicago Heights", Zip: "" }) },
          {
            ...csvRow("NEW02", { Originating: "no", Destinating: "yes" }),
            Latitude: "40.5",
            Longitude: "-74.25",
          },
        ],
      },
      admin(),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ createdCount: 2, updatedCount: 1 });
    const fresh = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "NEW01" } });
    expect(fresh).toMatchObject({
      region: "Eastern",
      fdbid: "FDB-NEW01",
      subType: "Plant",
      facType: "P&DC",
      originating: true,
      destinating: false,
    });
    expect({ lat: fresh.latitude, lng: fresh.longitude }).toEqual(zipCentroid("02205"));
    const given = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "NEW02" } });
    expect([given.latitude, given.longitude, given.destinating]).toEqual([40.5, -74.25, true]);
    // Empty cells keep what the facility had.
    const chicago = await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "CHI01" } });
    expect(chicago).toMatchObject({ city: "Chicago Heights", zip: "60600" });
  });

  it("accepts columns + rows (the screen's form) over GraphQL with other header spellings", async () => {
    const result = await gql<{ importNassCodes: { data?: { createdCount: number } } }>(
      t.app,
      `mutation ($input: ImportNassCodesInput!) { importNassCodes(input: $input) {
        ... on MutationImportNassCodesSuccess { data { createdCount updatedCount } } ... on Error { message } } }`,
      {
        input: {
          columns: ["NASS_CODE", "facility name", "ST", "zip code"],
          rows: [["GQL01", "GraphQL Annex", "il", "60601"]],
        },
      },
      admin(),
    );
    expect(result.data?.importNassCodes.data?.createdCount).toBe(1);
    expect(await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "GQL01" } })).toMatchObject({
      state: "IL",
    });
  });

  it("takes the file's CSV text over GraphQL and REST, read like the dialog reads a picked file", async () => {
    const csv = 'Code,Facility Name,State,Zip\r\nTXT01,"Annex, North",il,60601\r\n\r\nTXT02,Depot,TX,\r\n';
    const result = await gql<{ importNassCodes: { data?: { createdCount: number } } }>(
      t.app,
      `mutation ($input: ImportNassCodesInput!) { importNassCodes(input: $input) {
        ... on MutationImportNassCodesSuccess { data { createdCount updatedCount } } ... on Error { message } } }`,
      { input: { csv, fileName: "nass.csv" } },
      admin(),
    );
    expect(result.data?.importNassCodes.data?.createdCount).toBe(2);
    expect(await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "TXT01" } })).toMatchObject({
      facilityName: "Annex, North",
      state: "IL",
    });
    const again = await rest(
      t.app,
      "POST",
      "/routing/nass/import",
      { csv: "Code,City\nTXT02,Dallas\n" },
      admin(),
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ createdCount: 0, updatedCount: 1 });
    expect(await t.app.deps.db.nassCode.findUniqueOrThrow({ where: { code: "TXT02" } })).toMatchObject({
      city: "Dallas",
    });
  });

  it("refuses CSV text and parsed rows together, and CSV text over 5 MB, changing nothing", async () => {
    const before = await t.app.deps.db.nassCode.count();
    const both = await rest(
      t.app,
      "POST",
      "/routing/nass/import",
      { csv: "Code\nBOTH1\n", columns: ["Code"], rows: [["BOTH2"]] },
      admin(),
    );
    expect(both.status).toBe(400);
    expect(both.body.message).toBe("Send the file either as csv or as columns and rows, not both.");
    const big = `Code,Facility Name\n${"BIG,".concat("x".repeat(200), "\n").repeat(27_000)}`;
    const result = await gql(
      t.app,
      `mutation ($input: ImportNassCodesInput!) { importNassCodes(input: $input) { __typename } }`,
      { input: { csv: big } },
      admin(),
    );
    expect(result.status).toBe(413);
    expect(result.errors?.[0]?.message).toBe(NASS_IMPORT_TOO_LARGE);
    expect(await t.app.deps.db.nassCode.count()).toBe(before);
  });

  it("refuses a file with bad rows, naming each, and imports nothing", async () => {
    const before = await t.app.deps.db.nassCode.count();
    const result = await rest(
      t.app,
      "POST",
      "/routing/nass/import",
      {
        rows: [
          csvRow("OK01"),
          csvRow("", { City: "Nowhere" }),
          csvRow("BAD02", { State: "Massachusetts", Originating: "maybe" }),
          csvRow("OK01"),
        ],
      },
      admin(),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(
      /^3 rows have errors; nothing was imported\. Row 2: Code is required/,
    );
    expect((result.body.errors as { field: string }[]).map((error) => error.field)).toEqual([
      "rows.2.code",
      "rows.3.state",
      "rows.3.originating",
      "rows.4.code",
    ]);
    expect(await t.app.deps.db.nassCode.count()).toBe(before);
  });

  it("refuses a file without a Code column or without rows", async () => {
    const noCode = await rest(t.app, "POST", "/routing/nass/import", { rows: [{ City: "Boston" }] }, admin());
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe("The file has no Code column.");
    const empty = await rest(t.app, "POST", "/routing/nass/import", { columns: HEADERS, rows: [] }, admin());
    expect(empty.status).toBe(400);
  });

  it("answers 413 for a 6 MB file and changes nothing", async () => {
    const before = await t.app.deps.db.nassCode.count();
    const rows: string[][] = [];
    const filler = "x".repeat(180);
    for (let index = 0; rows.length * 200 < 6 * 1024 * 1024; index++) {
      rows.push([
        `BIG${index}`,
        "Eastern",
        "NE",
        "F",
        filler,
        "1 Way",
        "Boston",
        "MA",
        "02205",
        "P",
        "S",
        "P&DC",
        "Y",
        "N",
      ]);
    }
    const result = await rest(t.app, "POST", "/routing/nass/import", { columns: HEADERS, rows }, admin());
    expect(result.status).toBe(413);
    expect(result.body.message).toBe(NASS_IMPORT_TOO_LARGE);
    expect(await t.app.deps.db.nassCode.count()).toBe(before);
  });
});
