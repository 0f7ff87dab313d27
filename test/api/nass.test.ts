import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndCarrier, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { createNassCodes } from "../support/loads.ts";

let t: TestApp;
let adminToken: string;
let carrierToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  await createNassCodes(t.app, ["CHI01", "DAL02", "ATL03", "DEN04", "CHI_5"]);
});
afterAll(() => t.close());

describe("GET /api/routing/nass", () => {
  it("answers every NASS code in the spec's shape, by code", async () => {
    const result = await rest<Record<string, unknown>[]>(t.app, "GET", "/routing/nass", undefined, {
      token: adminToken,
    });
    expect(result.status).toBe(200);
    expect(result.body.map((nass) => nass.code)).toEqual(["ATL03", "CHI01", "CHI_5", "DAL02", "DEN04"]);
    expect(Object.keys(result.body[0]).sort()).toEqual(
      [
        "_id",
        "code",
        "region",
        "division",
        "fdbid",
        "facilityName",
        "street",
        "city",
        "state",
        "zip",
        "typeCode",
        "subType",
        "facType",
        "originating",
        "destinating",
        "version",
        // Additive (lifecycle): coordinates, the facility's time zone and its geofence radius.
        "latitude",
        "longitude",
        "timeZone",
        "geofenceRadiusMeters",
      ].sort(),
    );
    expect(result.body[0]).toMatchObject({ code: "ATL03", city: "Atlanta", state: "GA", originating: true });
  });

  it("is for admins", async () => {
    expect((await rest(t.app, "GET", "/routing/nass", undefined, { token: carrierToken })).status).toBe(403);
    expect((await rest(t.app, "GET", "/routing/nass")).status).toBe(401);
  });
});

describe("nassCodes (GraphQL)", () => {
  const QUERY = `query ($search: String, $page: Int, $pageSize: Int, $first: Int, $after: String) {
    nassCodes(search: $search, page: $page, pageSize: $pageSize, first: $first, after: $after) {
      totalCount pageCount
      pageInfo { hasNextPage endCursor }
      edges { node { id code facilityName city state originating destinating } }
    }
  }`;
  type Result = {
    nassCodes: {
      totalCount: number;
      pageCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      edges: { node: { code: string } }[];
    };
  };
  const codes = (result: Result) => result.nassCodes.edges.map((edge) => edge.node.code);

  it("searches code, facility name and city in any case, taking _ literally", async () => {
    const search = async (text: string) =>
      codes((await gql<Result>(t.app, QUERY, { search: text }, { token: adminToken })).data!);
    expect(await search("chi")).toEqual(["CHI01", "CHI_5"]);
    expect(await search("facility dal")).toEqual(["DAL02"]);
    expect(await search("DENVER")).toEqual(["DEN04"]);
    expect(await search("i_")).toEqual(["CHI_5"]);
    expect(await search("nowhere")).toEqual([]);
  });

  it("pages by page number or cursor", async () => {
    const page2 = await gql<Result>(t.app, QUERY, { page: 2, pageSize: 2 }, { token: adminToken });
    expect(page2.data?.nassCodes).toMatchObject({ totalCount: 5, pageCount: 3 });
    expect(codes(page2.data!)).toEqual(["CHI_5", "DAL02"]);
    const first = await gql<Result>(t.app, QUERY, { first: 2 }, { token: adminToken });
    const next = await gql<Result>(
      t.app,
      QUERY,
      { first: 2, after: first.data!.nassCodes.pageInfo.endCursor },
      {
        token: adminToken,
      },
    );
    expect(codes(next.data!)).toEqual(["CHI_5", "DAL02"]);
  });

  it("is for admins", async () => {
    const result = await gql(t.app, QUERY, {}, { token: carrierToken });
    expect(result.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});
