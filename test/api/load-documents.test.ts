import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "../../common/documents.ts";
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
import { uploadLoads } from "../support/loads.ts";
import { subscribeOverWs, waitFor } from "../support/ws.ts";

/**
 * Documents kept with a load (lifecycle issue): operators and the load's own carrier file, list,
 * download and delete them; anyone else is told the load or the document does not exist.
 */
let t: TestApp;
let adminToken: string;
let carrierToken: string;
let otherToken: string;

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function upload(
  loadId: string,
  token: string | null,
  form: { type?: string; file?: [Uint8Array, string] },
) {
  const body = new FormData();
  if (form.type !== undefined) body.set("type", form.type);
  if (form.file) body.set("file", new Blob([new Uint8Array(form.file[0])]), form.file[1]);
  const response = await t.app.fetch(
    new Request(`${BASE}/api/loads/${loadId}/documents`, {
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

const stored = () => t.app.deps.db.loadDocument.count();

beforeAll(async () => {
  t = await createTestApp();
  const world = await adminAndCarrier(t.app);
  adminToken = world.adminSession.token;
  carrierToken = world.carrierSession.token;
  const other = await createUser(t.app, { email: "other-hauler@example.com" });
  otherToken = (await loginAs(t.app, other.email)).token;
  await uploadLoads(t.app, adminToken, [{ "Load ID": "DOC-1" }, { "Load ID": "DOC-2" }]);
  // The award's effect on the load (offers' winner confirmation): DOC-1 went to the carrier user.
  await t.app.deps.db.load.update({ where: { loadId: "DOC-1" }, data: { assignedUserId: world.carrier.id } });
});
afterAll(() => t.close());

describe("a load's documents", () => {
  let podId = "";

  it("lets the load's carrier file a POD, list it and download the same bytes", async () => {
    const filed = await upload("DOC-1", carrierToken, {
      type: "POD",
      file: [PDF, 'C:\\scans\\pod "signed".pdf'],
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      type: "POD",
      fileName: "pod signed.pdf",
      size: PDF.byteLength,
      contentType: "application/pdf",
    });
    expect(filed.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    podId = String(filed.body._id);

    const listed = await rest<Record<string, unknown>[]>(t.app, "GET", "/loads/DOC-1/documents", undefined, {
      token: carrierToken,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.map((document) => document._id)).toEqual([podId]);

    const { response, bytes } = await download(String(filed.body.downloadUrl), carrierToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="pod signed.pdf"/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(bytes).toEqual(PDF);
  });

  it("shows operators the load's documents over GraphQL, and the carrier its own", async () => {
    const asAdmin = await gql<{
      loadDocuments: { fileName: string; type: string; uploadedByViewer: boolean }[];
    }>(
      t.app,
      "query($loadId: String!) { loadDocuments(loadId: $loadId) { fileName type uploadedByViewer } }",
      { loadId: "DOC-1" },
      { token: adminToken },
    );
    expect(asAdmin.errors).toBeUndefined();
    expect(asAdmin.data?.loadDocuments).toEqual([
      { fileName: "pod signed.pdf", type: "POD", uploadedByViewer: false },
    ]);
    const asCarrier = await gql<{ loadDocuments: { uploadedByViewer: boolean }[] }>(
      t.app,
      "query($loadId: String!) { loadDocuments(loadId: $loadId) { uploadedByViewer downloadUrl } }",
      { loadId: "DOC-1" },
      { token: carrierToken },
    );
    expect(asCarrier.data?.loadDocuments).toEqual([
      { uploadedByViewer: true, downloadUrl: `/api/documents/${podId}` },
    ]);
  });

  it("tells another carrier that the load and the document do not exist", async () => {
    const listed = await rest(t.app, "GET", "/loads/DOC-1/documents", undefined, { token: otherToken });
    expect(listed.status).toBe(404);
    expect(listed.body.message).toBe(DOCUMENT_MESSAGES.loadNotFound);
    const filed = await upload("DOC-1", otherToken, { type: "POD", file: [PDF, "x.pdf"] });
    expect(filed.status).toBe(404);
    const fetched = await download(`/api/documents/${podId}`, otherToken);
    expect(fetched.response.status).toBe(404);
    const deleted = await rest(t.app, "DELETE", `/documents/${podId}`, undefined, { token: otherToken });
    expect(deleted.status).toBe(404);
    const viaGraphQL = await gql(
      t.app,
      "query($loadId: String!) { loadDocuments(loadId: $loadId) { id } }",
      { loadId: "DOC-1" },
      { token: otherToken },
    );
    expect(viaGraphQL.errors?.[0]?.message).toBe(DOCUMENT_MESSAGES.loadNotFound);
    // The same carrier on a load it does not carry.
    expect((await upload("DOC-2", carrierToken, { type: "POD", file: [PDF, "x.pdf"] })).status).toBe(404);
    expect((await upload("DOC-1", null, { type: "POD", file: [PDF, "x.pdf"] })).status).toBe(401);
    expect(await stored()).toBe(1);
  });

  it("refuses what is not a document, saying why, and stores nothing", async () => {
    const cases: [Parameters<typeof upload>[2], number, string][] = [
      [
        { type: "POD", file: [new TextEncoder().encode("just text"), "fake.pdf"] },
        400,
        DOCUMENT_MESSAGES.contentInvalid,
      ],
      [{ type: "POD", file: [new Uint8Array(0), "empty.pdf"] }, 400, DOCUMENT_MESSAGES.empty],
      [{ type: "PASSPORT", file: [PDF, "a.pdf"] }, 400, DOCUMENT_MESSAGES.typeInvalid],
      [{ type: "RATE_CONFIRMATION", file: [PDF, "a.pdf"] }, 400, DOCUMENT_MESSAGES.typeInvalid],
      [{ type: "POD" }, 400, DOCUMENT_MESSAGES.fileRequired],
    ];
    for (const [form, status, message] of cases) {
      const answer = await upload("DOC-1", carrierToken, form);
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    }
    const tooBig = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    tooBig.set(PDF);
    const big = await upload("DOC-1", carrierToken, { type: "POD", file: [tooBig, "big.pdf"] });
    expect([big.status, big.body.message]).toEqual([413, DOCUMENT_MESSAGES.tooLarge]);
    const json = await rest(
      t.app,
      "POST",
      "/loads/DOC-1/documents",
      { type: "POD" },
      { token: carrierToken },
    );
    expect(json.status).toBe(415);
    expect(await stored()).toBe(1);
  });

  it("lets a carrier delete only what it uploaded, and operators anything", async () => {
    const filed = await upload("DOC-1", adminToken, {
      type: "RATE_CONFIRMATION",
      file: [PNG, "ratecon.png"],
    });
    expect(filed.status).toBe(201);
    expect(filed.body.contentType).toBe("image/png");
    const refused = await rest(t.app, "DELETE", `/documents/${filed.body._id}`, undefined, {
      token: carrierToken,
    });
    expect(refused.status).toBe(404);
    const own = await rest(t.app, "DELETE", `/documents/${podId}`, undefined, { token: carrierToken });
    expect(own.status).toBe(200);
    const listed = await gql<{ loadDocuments: { id: string }[] }>(
      t.app,
      "query($loadId: String!) { loadDocuments(loadId: $loadId) { id } }",
      { loadId: "DOC-1" },
      { token: adminToken },
    );
    const [ratecon] = listed.data?.loadDocuments ?? [];
    const removed = await gql<{ deleteLoadDocument: { __typename: string } }>(
      t.app,
      "mutation($id: ID!) { deleteLoadDocument(input: { id: $id }) { __typename } }",
      { id: ratecon.id },
      { token: adminToken },
    );
    expect(removed.data?.deleteLoadDocument.__typename).toMatch(/Success/);
    expect(await stored()).toBe(0);
    const audited = await t.app.deps.db.auditLog.findMany({
      where: { action: { startsWith: "document." } },
      select: { action: true },
    });
    expect(audited.map((row) => row.action).sort()).toEqual([
      "document.delete",
      "document.delete",
      "document.upload",
      "document.upload",
    ]);
  });

  it("pushes the list to the load's carrier when a document is filed, and refuses other carriers", async () => {
    const url = await t.app.start(0);
    const query = 'subscription { loadDocumentsChanged(loadId: "DOC-1") { fileName } }';
    const own = subscribeOverWs<{ loadDocumentsChanged: { fileName: string }[] }>(url, carrierToken, query);
    const other = subscribeOverWs(url, otherToken, query);
    try {
      await own.ready;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await upload("DOC-1", adminToken, { type: "BOL", file: [PDF, "bol.pdf"] })).status).toBe(201);
      await waitFor(() => own.received.length === 1);
      expect(own.received[0].loadDocumentsChanged).toEqual([{ fileName: "bol.pdf" }]);
      await waitFor(() => other.errors.length > 0 || other.isComplete());
      expect(other.received).toHaveLength(0);
    } finally {
      await Promise.all([own.close(), other.close()]);
    }
  });

  it("answers null for another carrier's node(id) of a document", async () => {
    const [document] = await t.app.deps.db.loadDocument.findMany();
    const id = encodeGlobalID("LoadDocument", document.id);
    const answer = await gql<{ node: unknown }>(
      t.app,
      "query($id: ID!) { node(id: $id) { id } }",
      { id },
      {
        token: otherToken,
      },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.node).toBeNull();
    const mine = await gql<{ node: { id: string } | null }>(
      t.app,
      "query($id: ID!) { node(id: $id) { id } }",
      { id },
      {
        token: carrierToken,
      },
    );
    expect(mine.data?.node?.id).toBe(id);
  });
});
