import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DOCUMENT_MESSAGES } from "../../common/documents.ts";
import { DRIVER_TEXTS, TRIP_LINK_INVALID } from "../../common/driver.ts";
import { adminAndCarrier, BASE, createTestApp, gql, rest, type TestApp } from "../support/app.ts";
import { dispatchedTrip, tripSession } from "../support/driver.ts";

/**
 * The driver app's documents (issue #30): the trip session files BOL, POD or OTHER with its own
 * load; a POD carries the receiver, exceptions, a note, when it was taken and the receiver's
 * signature (its own PNG document linked to the POD). An Idempotency-Key makes a retried upload
 * answer the first one's document.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof adminAndCarrier>>;

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

type Form = {
  type?: string;
  file?: [Uint8Array, string];
  signature?: [Uint8Array, string];
  fields?: Record<string, string>;
};
type DocumentBody = Record<string, unknown> & { _id: string };

async function upload(loadId: string, token: string | null, form: Form, idempotencyKey?: string) {
  const body = new FormData();
  if (form.type !== undefined) body.set("type", form.type);
  if (form.file) body.set("file", new Blob([new Uint8Array(form.file[0])]), form.file[1]);
  if (form.signature) body.set("signature", new Blob([new Uint8Array(form.signature[0])]), form.signature[1]);
  for (const [name, value] of Object.entries(form.fields ?? {})) body.set(name, value);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  const response = await t.app.fetch(
    new Request(`${BASE}/api/loads/${loadId}/documents`, { method: "POST", headers, body }),
    { ip: "10.0.0.1" },
  );
  return { status: response.status, body: (await response.json()) as DocumentBody };
}

/** The load's documents beyond the signed rate confirmation its tender acceptance filed. */
const documentsOf = (loadDbId: string) =>
  t.app.deps.db.loadDocument.findMany({
    where: { loadId: loadDbId, type: { not: "RATE_CONFIRMATION" } },
    orderBy: [{ createdAt: "asc" }, { type: "desc" }],
  });
const podMilestones = (loadDbId: string) =>
  t.app.deps.db.loadMilestone.findMany({ where: { loadId: loadDbId, milestone: "pod_received" } });

beforeAll(async () => {
  t = await createTestApp();
  world = await adminAndCarrier(t.app);
});
afterAll(() => t.close());

describe("documents from the driver app", () => {
  it("files a POD with the receiver's signature, name, exceptions and note, source driver_app", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const takenAt = new Date(Date.now() - 3 * 60_000).toISOString();
    const publish = vi.spyOn(t.app.deps.pubsub, "publish");
    try {
      const filed = await upload(trip.load.loadId, token, {
        type: "POD",
        file: [JPEG, "pod.jpg"],
        signature: [PNG, "signature.png"],
        fields: {
          receiverName: "  Rita Receiver ",
          exceptions: "damage, shortage",
          note: "2 cases crushed",
          takenAt,
        },
      });
      expect(filed.status).toBe(201);
      expect(filed.body).toMatchObject({
        type: "POD",
        contentType: "image/jpeg",
        receiverName: "Rita Receiver",
        exceptions: ["shortage", "damage"],
        note: "2 cases crushed",
        takenAt,
        signatureOfId: null,
      });
      expect(publish).toHaveBeenCalledWith(`driver-trip:${trip.load.id}`, { loadId: trip.load.id });
      expect(publish).toHaveBeenCalledWith(`load-documents:${trip.load.id}`, { loadId: trip.load.id });
    } finally {
      publish.mockRestore();
    }

    const rows = await documentsOf(trip.load.id);
    expect(rows.map((row) => [row.type, row.contentType, row.uploadedById])).toEqual([
      ["POD", "image/jpeg", null],
      ["OTHER", "image/png", null],
    ]);
    const [pod, signature] = rows;
    expect(signature.signatureOfId).toBe(pod.id);
    const milestones = await podMilestones(trip.load.id);
    expect(milestones.map((step) => step.source)).toEqual(["driver_app"]);

    // The carrier reads both over REST, an operator the POD's fields over GraphQL.
    const listed = await rest<DocumentBody[]>(
      t.app,
      "GET",
      `/loads/${trip.load.loadId}/documents`,
      undefined,
      {
        token: trip.winner.session.token,
      },
    );
    expect(listed.body.find((row) => row._id === signature.id)).toMatchObject({
      type: "OTHER",
      signatureOfId: pod.id,
      exceptions: [],
    });
    const read = await gql<{
      loadDocuments: {
        type: string;
        receiverName: string | null;
        exceptions: string[];
        takenAt: string | null;
      }[];
    }>(
      t.app,
      "query($loadId: String!) { loadDocuments(loadId: $loadId) { type receiverName exceptions takenAt note signatureOfId } }",
      { loadId: trip.load.loadId },
      { token: world.adminSession.token },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data?.loadDocuments.find((row) => row.type === "POD")).toMatchObject({
      receiverName: "Rita Receiver",
      exceptions: ["shortage", "damage"],
      takenAt,
    });

    // Deleting the POD deletes the signature filed with it.
    const deleted = await rest(t.app, "DELETE", `/documents/${pod.id}`, undefined, {
      token: world.adminSession.token,
    });
    expect(deleted.status).toBe(200);
    expect(await documentsOf(trip.load.id)).toEqual([]);
  });

  it("answers a retried upload with the first one's document when the Idempotency-Key repeats", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const form: Form = {
      type: "POD",
      file: [PDF, "pod.pdf"],
      signature: [PNG, "sig.png"],
      fields: { receiverName: "Rita" },
    };
    const first = await upload(trip.load.loadId, token, form, "pod-7f3a");
    expect(first.status).toBe(201);
    const again = await upload(trip.load.loadId, token, form, "pod-7f3a");
    expect([again.status, again.body._id]).toEqual([201, first.body._id]);
    expect(again.body).toEqual(first.body);
    expect(await documentsOf(trip.load.id)).toHaveLength(2);
    expect(await podMilestones(trip.load.id)).toHaveLength(1);

    // Another key is another upload; a key too long is refused.
    const bol = await upload(trip.load.loadId, token, { type: "BOL", file: [PDF, "bol.pdf"] }, "bol-1");
    expect(bol.status).toBe(201);
    expect(bol.body._id).not.toBe(first.body._id);
    const tooLong = await upload(
      trip.load.loadId,
      token,
      { type: "BOL", file: [PDF, "b.pdf"] },
      "k".repeat(101),
    );
    expect([tooLong.status, tooLong.body.message]).toEqual([400, DRIVER_TEXTS.idempotencyKeyInvalid]);
    expect(await documentsOf(trip.load.id)).toHaveLength(3);
  });

  it("refuses types the driver does not file, bad POD fields and non-PNG signatures, storing nothing", async () => {
    const trip = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, trip.tripToken);
    const pod = (fields: Record<string, string>, signature?: [Uint8Array, string]): Form => ({
      type: "POD",
      file: [PDF, "pod.pdf"],
      fields,
      ...(signature ? { signature } : {}),
    });
    const cases: [Form, string][] = [
      [{ type: "RATE_CONFIRMATION", file: [PDF, "r.pdf"] }, DRIVER_TEXTS.driverTypeInvalid],
      [{ type: "INVOICE", file: [PDF, "i.pdf"] }, DRIVER_TEXTS.driverTypeInvalid],
      [{ type: "SIGNATURE", file: [PNG, "s.png"] }, DRIVER_TEXTS.driverTypeInvalid],
      [pod({ receiverName: "r".repeat(121) }), DRIVER_TEXTS.receiverTooLong],
      [pod({ exceptions: "damage,lost" }), DRIVER_TEXTS.exceptionsInvalid],
      [pod({ note: "n".repeat(1001) }), DRIVER_TEXTS.noteTooLong],
      [pod({ takenAt: new Date(Date.now() + 60 * 60_000).toISOString() }), DRIVER_TEXTS.takenAtFuture],
      [pod({ takenAt: "yesterday" }), "takenAt must be an ISO-8601 date or date-time"],
      [pod({}, [JPEG, "sig.jpg"]), DRIVER_TEXTS.signatureNotPng],
      [
        { type: "BOL", file: [PDF, "b.pdf"], fields: { receiverName: "Rita" } },
        DRIVER_TEXTS.podFieldsOnlyForPod,
      ],
      [{ type: "POD", file: [new TextEncoder().encode("hello"), "x.txt"] }, DOCUMENT_MESSAGES.contentInvalid],
    ];
    for (const [form, message] of cases) {
      const refused = await upload(trip.load.loadId, token, form, `key-${message.length}`);
      expect([refused.status, refused.body.message], JSON.stringify(form.fields ?? form.type)).toEqual([
        400,
        message,
      ]);
    }
    expect(await documentsOf(trip.load.id)).toEqual([]);
    expect(await podMilestones(trip.load.id)).toEqual([]);
    // An operator still files a rate confirmation on the same path.
    const operator = await upload(trip.load.loadId, world.adminSession.token, {
      type: "RATE_CONFIRMATION",
      file: [PDF, "r.pdf"],
    });
    expect(operator.status).toBe(201);
  });

  it("answers 404 for another load and 401 once the trip link is revoked, storing nothing", async () => {
    const mine = await dispatchedTrip(t.app, world.adminSession.token);
    const theirs = await dispatchedTrip(t.app, world.adminSession.token);
    const token = await tripSession(t.app, mine.tripToken);
    const form: Form = { type: "POD", file: [PDF, "pod.pdf"], signature: [PNG, "sig.png"] };
    const other = await upload(theirs.load.loadId, token, form);
    expect([other.status, other.body.message]).toEqual([404, DOCUMENT_MESSAGES.loadNotFound]);
    // The trip viewer reads no documents: listing stays for signed-in users.
    const listed = await rest(t.app, "GET", `/loads/${mine.load.loadId}/documents`, undefined, { token });
    expect(listed.status).toBe(401);

    const revoked = await rest(
      t.app,
      "POST",
      `/loads/${mine.load.loadId}/trip-link/revoke`,
      {},
      {
        token: mine.winner.session.token,
      },
    );
    expect(revoked.status).toBe(200);
    const after = await upload(mine.load.loadId, token, form, "after-revoke");
    expect([after.status, after.body.code]).toEqual([401, TRIP_LINK_INVALID]);
    expect(await documentsOf(mine.load.id)).toEqual([]);
    expect(await documentsOf(theirs.load.id)).toEqual([]);
  });
});
