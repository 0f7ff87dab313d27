import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARRIER_DOCUMENT_MESSAGES, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "../../common/documents.ts";
import {
  adminAndCarrier,
  BASE,
  createTestApp,
  createUser,
  gql,
  loginAs,
  rest,
  type TestApp,
} from "../support/app.ts";

/**
 * A carrier company's own paperwork (issue #28: W-9, insurance certificate, authority): operators
 * and the company's own users file, list and download it; anyone else is told it does not exist.
 */
let t: TestApp;
let adminToken: string;
let carrierToken: string;
let otherToken: string;
let companyId = "";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function upload(
  carrierRef: string,
  token: string | null,
  form: { type?: string; file?: [Uint8Array, string]; insuranceExpiresOn?: string },
) {
  const body = new FormData();
  if (form.type !== undefined) body.set("type", form.type);
  if (form.insuranceExpiresOn !== undefined) body.set("insuranceExpiresOn", form.insuranceExpiresOn);
  if (form.file) body.set("file", new Blob([new Uint8Array(form.file[0])]), form.file[1]);
  const response = await t.app.fetch(
    new Request(`${BASE}/api/carriers/${carrierRef}/documents`, {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body,
    }),
    { ip: "10.0.0.1" },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function download(path: string, token: string) {
  const response = await t.app.fetch(
    new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${token}` } }),
    { ip: "10.0.0.1" },
  );
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const stored = () => t.app.deps.db.carrierDocument.count();

async function company(suffix: string) {
  return t.app.deps.db.carrier.create({
    data: {
      carrierId: `CAR-77000${suffix}`,
      carrierName: `Docs Haulage ${suffix}`,
      dotNumber: `770000${suffix}`,
      mcNumber: `770000${suffix}`,
      contactName: "Dana Docs",
      contactPhone: `+1201555017${suffix}`,
      contactEmail: `docs-${suffix}@example.com`,
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  const other = await createUser(t.app, { email: "other-company@example.com" });
  otherToken = (await loginAs(t.app, other.email)).token;
  const mine = await company("1");
  const theirs = await company("2");
  companyId = mine.id;
  await t.app.deps.db.user.update({ where: { id: world.carrier.id }, data: { carrierId: mine.id } });
  await t.app.deps.db.user.update({ where: { id: other.id }, data: { carrierId: theirs.id } });
});
afterAll(() => t.close());

describe("a carrier's documents", () => {
  let certificateId = "";

  it("lets the company's own user file an insurance certificate, list it and download the same bytes", async () => {
    const filed = await upload("CAR-770001", carrierToken, {
      type: "INSURANCE_CERTIFICATE",
      insuranceExpiresOn: "2027-06-30",
      file: [PDF, "coi.pdf"],
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      type: "INSURANCE_CERTIFICATE",
      fileName: "coi.pdf",
      contentType: "application/pdf",
      size: PDF.byteLength,
      insuranceExpiresOn: "2027-06-30",
    });
    certificateId = String(filed.body._id);
    expect(filed.body.downloadUrl).toBe(`/api/carrier-documents/${certificateId}`);

    const listed = await rest<Record<string, unknown>[]>(
      t.app,
      "GET",
      `/carriers/${companyId}/documents`,
      undefined,
      {
        token: carrierToken,
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.map((row) => row._id)).toEqual([certificateId]);

    const fetched = await download(`/api/carrier-documents/${certificateId}`, carrierToken);
    expect(fetched.response.status).toBe(200);
    expect(fetched.response.headers.get("content-type")).toBe("application/pdf");
    expect(fetched.bytes).toEqual(PDF);
    const asAdmin = await download(`/api/carrier-documents/${certificateId}`, adminToken);
    expect(asAdmin.bytes).toEqual(PDF);
  });

  it("answers operators on the Carrier and the carrier user by carrierDocuments", async () => {
    const asAdmin = await gql<{ node: { documents: { type: string; insuranceExpiresOn: string | null }[] } }>(
      t.app,
      "query($id: ID!) { node(id: $id) { ... on Carrier { documents { type insuranceExpiresOn } } } }",
      { id: encodeGlobalID("Carrier", companyId) },
      { token: adminToken },
    );
    expect(asAdmin.data?.node.documents).toEqual([
      { type: "INSURANCE_CERTIFICATE", insuranceExpiresOn: "2027-06-30" },
    ]);
    const asCarrier = await gql<{ carrierDocuments: { uploadedByViewer: boolean; downloadUrl: string }[] }>(
      t.app,
      "query($c: String!) { carrierDocuments(carrierId: $c) { uploadedByViewer downloadUrl } }",
      { c: "CAR-770001" },
      { token: carrierToken },
    );
    expect(asCarrier.data?.carrierDocuments).toEqual([
      { uploadedByViewer: true, downloadUrl: `/api/carrier-documents/${certificateId}` },
    ]);
  });

  it("tells another carrier company's user that the carrier and the document do not exist", async () => {
    const listed = await rest(t.app, "GET", `/carriers/${companyId}/documents`, undefined, {
      token: otherToken,
    });
    expect([listed.status, listed.body.message]).toEqual([404, CARRIER_DOCUMENT_MESSAGES.carrierNotFound]);
    const filed = await upload(companyId, otherToken, { type: "W9", file: [PDF, "w9.pdf"] });
    expect(filed.status).toBe(404);
    expect((await download(`/api/carrier-documents/${certificateId}`, otherToken)).response.status).toBe(404);
    const deleted = await rest(t.app, "DELETE", `/carrier-documents/${certificateId}`, undefined, {
      token: otherToken,
    });
    expect(deleted.status).toBe(404);
    const viaGraphQL = await gql(
      t.app,
      "query($c: String!) { carrierDocuments(carrierId: $c) { id } }",
      { c: companyId },
      { token: otherToken },
    );
    expect(viaGraphQL.errors?.[0]?.message).toBe(CARRIER_DOCUMENT_MESSAGES.carrierNotFound);
    expect((await upload("CAR-770009", adminToken, { type: "W9", file: [PDF, "w9.pdf"] })).status).toBe(404);
    expect((await upload(companyId, null, { type: "W9", file: [PDF, "w9.pdf"] })).status).toBe(401);
    expect(await stored()).toBe(1);
  });

  it("refuses what is not a carrier document, saying why, and stores nothing", async () => {
    const cases: [Parameters<typeof upload>[2], number, string][] = [
      [
        { type: "W9", file: [new TextEncoder().encode("text"), "w9.pdf"] },
        400,
        DOCUMENT_MESSAGES.contentInvalid,
      ],
      [{ type: "POD", file: [PDF, "a.pdf"] }, 400, CARRIER_DOCUMENT_MESSAGES.typeInvalid],
      [{ type: "W9" }, 400, DOCUMENT_MESSAGES.fileRequired],
      [
        { type: "INSURANCE_CERTIFICATE", insuranceExpiresOn: "2027-02-30", file: [PDF, "coi.pdf"] },
        400,
        CARRIER_DOCUMENT_MESSAGES.expiryInvalid,
      ],
      [
        { type: "W9", insuranceExpiresOn: "2027-02-01", file: [PDF, "w9.pdf"] },
        400,
        CARRIER_DOCUMENT_MESSAGES.expiryNotInsurance,
      ],
    ];
    for (const [form, status, message] of cases) {
      const answer = await upload(companyId, carrierToken, form);
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    }
    const tooBig = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    tooBig.set(PDF);
    const big = await upload(companyId, carrierToken, { type: "AUTHORITY", file: [tooBig, "big.pdf"] });
    expect([big.status, big.body.message]).toEqual([413, DOCUMENT_MESSAGES.tooLarge]);
    expect(await stored()).toBe(1);
  });

  it("lets a carrier user delete only what it uploaded, and operators anything", async () => {
    const filed = await upload(companyId, adminToken, { type: "AUTHORITY", file: [PNG, "mc.png"] });
    expect(filed.status).toBe(201);
    const refused = await rest(t.app, "DELETE", `/carrier-documents/${filed.body._id}`, undefined, {
      token: carrierToken,
    });
    expect(refused.status).toBe(404);
    const own = await rest(t.app, "DELETE", `/carrier-documents/${certificateId}`, undefined, {
      token: carrierToken,
    });
    expect(own.status).toBe(200);
    const removed = await gql<{ deleteCarrierDocument: { carrierId: string } }>(
      t.app,
      "mutation($id: ID!) { deleteCarrierDocument(input: { id: $id }) { ... on MutationDeleteCarrierDocumentSuccess { data { carrierId } } } }",
      { id: encodeGlobalID("CarrierDocument", String(filed.body._id)) },
      { token: adminToken },
    );
    expect(removed.errors).toBeUndefined();
    expect(await stored()).toBe(0);
  });
});
