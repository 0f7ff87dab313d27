import { createHash } from "node:crypto";
import { dateProblemMessage, readInstant } from "../../common/date-time.ts";
import {
  cleanFileName,
  DOCUMENT_MESSAGES,
  isLoadDocumentType,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_LOAD,
  sniffDocumentType,
} from "../../common/documents.ts";
import {
  DRIVER_DOCUMENT_TYPES,
  DRIVER_TEXTS,
  IDEMPOTENCY_KEY_MAX,
  POD_NOTE_MAX,
  POD_RECEIVER_MAX,
  parsePodExceptions,
} from "../../common/driver.ts";
import type { MilestoneSource } from "../../common/loads/milestones.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireViewer } from "../auth/policy.ts";
import { announceCreated, type CreatedOnce, draftInvoiceForPod } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "../errors.ts";
import type { LoadDocument } from "../generated/sqlite/client.ts";
import { isUniqueViolation } from "../lib/prisma-errors.ts";
import { announceTripChange } from "../lib/trip-events.ts";
import { billableLoadOf } from "../loads/customer-rate.ts";
import { recordMilestones } from "../loads/milestones.ts";
import {
  driverLoadOrThrow,
  isPartyOf,
  type LoadParties,
  loadPartiesById,
  partyLoadOrThrow,
} from "../loads/parties.ts";
import { OPERATOR_ONLY_TYPES } from "./access.ts";
import {
  countDocumentsOfLoad,
  deleteDocument,
  documentByIdempotencyKey,
  documentBytes,
  documentsOfLoad,
  findDocument,
  insertDocument,
} from "./store.ts";

export interface DocumentUpload {
  type: unknown;
  fileName: string;
  bytes: Uint8Array;
  /** A proof of delivery's optional fields (the driver app's form); anything else leaves them out. */
  receiverName?: unknown;
  exceptions?: unknown;
  note?: unknown;
  takenAt?: unknown;
  /** The receiver's signature (PNG), filed as its own OTHER document linked to the POD. */
  signature?: { fileName: string; bytes: Uint8Array } | null;
}

/** How far ahead of the server's clock a phone's `takenAt` may be (clock drift). */
const TAKEN_AT_TOLERANCE_MS = 2 * 60_000;

type Problem = { field: string; message: string };

/** Text of a form field: null when left out or blank, else trimmed (a file where text belongs: invalid). */
function formText(value: unknown, field: string, problems: Problem[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") {
    problems.push({ field, message: `${field} must be text` });
    return null;
  }
  const text = value.trim();
  return text === "" ? null : text;
}

/** The Idempotency-Key header: null when absent; 1 to IDEMPOTENCY_KEY_MAX visible ASCII characters. */
export function idempotencyKeyOf(header: string | null): string | null {
  if (header === null) return null;
  const key = header.trim();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ValidationError(DRIVER_TEXTS.idempotencyKeyInvalid, [
      { field: "Idempotency-Key", message: DRIVER_TEXTS.idempotencyKeyInvalid },
    ]);
  }
  return key;
}

/** A proof of delivery's receiver, exceptions, note, time taken and signature, checked. */
function checkedPodFields(upload: DocumentUpload, type: unknown, problems: Problem[]) {
  const receiverName = formText(upload.receiverName, "receiverName", problems);
  const exceptionsText = formText(upload.exceptions, "exceptions", problems);
  const note = formText(upload.note, "note", problems);
  const takenAtText = formText(upload.takenAt, "takenAt", problems);
  const signature = upload.signature ?? null;
  const given = [receiverName, exceptionsText, note, takenAtText, signature].some((value) => value !== null);
  if (given && type !== "POD") {
    problems.push({ field: "type", message: DRIVER_TEXTS.podFieldsOnlyForPod });
  }
  if (receiverName !== null && receiverName.length > POD_RECEIVER_MAX) {
    problems.push({ field: "receiverName", message: DRIVER_TEXTS.receiverTooLong });
  }
  if (note !== null && note.length > POD_NOTE_MAX) {
    problems.push({ field: "note", message: DRIVER_TEXTS.noteTooLong });
  }
  const exceptions = exceptionsText === null ? [] : parsePodExceptions(exceptionsText);
  if (exceptions === "invalid")
    problems.push({ field: "exceptions", message: DRIVER_TEXTS.exceptionsInvalid });
  let takenAt: Date | null = null;
  if (takenAtText !== null) {
    const instant = readInstant(takenAtText);
    if (!(instant instanceof Date)) {
      problems.push({ field: "takenAt", message: dateProblemMessage(instant, "takenAt") });
    } else if (instant.getTime() > Date.now() + TAKEN_AT_TOLERANCE_MS) {
      problems.push({ field: "takenAt", message: DRIVER_TEXTS.takenAtFuture });
    } else takenAt = instant;
  }
  if (signature) {
    if (signature.bytes.byteLength > MAX_DOCUMENT_BYTES) {
      throw new DomainError("PAYLOAD_TOO_LARGE", DOCUMENT_MESSAGES.tooLarge, [
        { field: "signature", message: DOCUMENT_MESSAGES.tooLarge },
      ]);
    }
    if (sniffDocumentType(signature.bytes) !== "image/png") {
      problems.push({ field: "signature", message: DRIVER_TEXTS.signatureNotPng });
    }
  }
  return {
    receiverName,
    exceptions: exceptions === "invalid" || exceptions.length === 0 ? null : exceptions.join(","),
    note,
    takenAt,
    signature,
  };
}

/** The load when the viewer may use its documents; otherwise "Load not found", as for a missing one. */
export function loadForDocuments(ctx: Context, reference: string): Promise<LoadParties> {
  return partyLoadOrThrow(ctx, reference, DOCUMENT_MESSAGES.loadNotFound);
}

function checkedUpload(ctx: Context, upload: DocumentUpload) {
  const problems: Problem[] = [];
  if (ctx.trip) {
    // The driver app files what a driver carries: BOL, POD or OTHER.
    if (!(DRIVER_DOCUMENT_TYPES as readonly unknown[]).includes(upload.type)) {
      problems.push({ field: "type", message: DRIVER_TEXTS.driverTypeInvalid });
    }
  } else if (!isLoadDocumentType(upload.type))
    problems.push({ field: "type", message: DOCUMENT_MESSAGES.typeInvalid });
  else if (OPERATOR_ONLY_TYPES.has(upload.type) && !policy.isAdmin(ctx.viewer)) {
    problems.push({ field: "type", message: DOCUMENT_MESSAGES.typeInvalid });
  }
  if (upload.bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new DomainError("PAYLOAD_TOO_LARGE", DOCUMENT_MESSAGES.tooLarge, [
      { field: "file", message: DOCUMENT_MESSAGES.tooLarge },
    ]);
  }
  const contentType = sniffDocumentType(upload.bytes);
  if (upload.bytes.byteLength === 0) problems.push({ field: "file", message: DOCUMENT_MESSAGES.empty });
  else if (!contentType) problems.push({ field: "file", message: DOCUMENT_MESSAGES.contentInvalid });
  const pod = checkedPodFields(upload, upload.type, problems);
  if (problems.length > 0 || !contentType || !isLoadDocumentType(upload.type)) {
    throw new ValidationError(problems[0]?.message ?? DOCUMENT_MESSAGES.contentInvalid, problems);
  }
  return { type: upload.type, contentType, fileName: cleanFileName(upload.fileName), pod };
}

/**
 * Files a document with a load (operators, the load's carrier, or its driver's trip session), audited
 * and announced. A POD may carry the receiver's name, exceptions, a note, when it was taken and the
 * receiver's signature (filed as its own OTHER document, `signatureOfId` the POD). With an
 * Idempotency-Key, a retried upload answers the document the first one filed, storing nothing.
 */
export async function uploadLoadDocument(
  ctx: Context,
  loadReference: string,
  upload: DocumentUpload,
  options: { idempotencyKey?: string | null } = {},
): Promise<LoadDocument> {
  const load = await driverLoadOrThrow(ctx, loadReference, DOCUMENT_MESSAGES.loadNotFound);
  const idempotencyKey = options.idempotencyKey ?? null;
  if (idempotencyKey !== null) {
    const first = await documentByIdempotencyKey(ctx.db, load.id, idempotencyKey);
    if (first) return first;
  }
  const { pod, ...checked } = checkedUpload(ctx, upload);
  const filing = pod.signature ? 2 : 1;
  if ((await countDocumentsOfLoad(ctx.db, load.id)) + filing > MAX_DOCUMENTS_PER_LOAD) {
    throw new ConflictError(DOCUMENT_MESSAGES.tooMany);
  }
  const uploadedById = ctx.viewer?.id ?? null;
  const source: MilestoneSource = ctx.trip ? "driver_app" : "user";
  const tripDetails = ctx.trip ? { source, driverName: ctx.trip.driverName } : {};
  let podInvoice: CreatedOnce | null = null;
  let document: LoadDocument;
  try {
    document = await ctx.db.$transaction(async (tx) => {
      const row = await insertDocument(tx, {
        loadId: load.id,
        ...checked,
        sha256: sha256Of(upload.bytes),
        bytes: upload.bytes,
        uploadedById,
        receiverName: pod.receiverName,
        exceptions: pod.exceptions,
        note: pod.note,
        takenAt: pod.takenAt,
        idempotencyKey,
      });
      await recordAudit(tx, {
        actor: auditActor(ctx),
        action: "document.upload",
        entityType: "Load",
        entityId: load.id,
        details: {
          documentId: row.id,
          type: row.type,
          fileName: row.fileName,
          size: row.size,
          ...tripDetails,
        },
      });
      if (pod.signature) {
        const signature = await insertDocument(tx, {
          loadId: load.id,
          type: "OTHER",
          fileName: cleanFileName(pod.signature.fileName || "signature.png"),
          contentType: "image/png",
          sha256: sha256Of(pod.signature.bytes),
          bytes: pod.signature.bytes,
          uploadedById,
          signatureOfId: row.id,
        });
        await recordAudit(tx, {
          actor: auditActor(ctx),
          action: "document.upload",
          entityType: "Load",
          entityId: load.id,
          details: {
            documentId: signature.id,
            type: signature.type,
            fileName: signature.fileName,
            size: signature.size,
            signatureOfId: row.id,
            ...tripDetails,
          },
        });
      }
      if (row.type === "POD") {
        await recordMilestones(tx, [
          {
            loadDbId: load.id,
            milestone: "pod_received",
            source,
            byUserId: row.uploadedById,
            detail: row.fileName,
          },
        ]);
        // The POD drafts the customer's invoice (once per load), with the POD linked.
        podInvoice = await draftInvoiceForPod(await billableLoadOf(tx, load.id), row.id, tx, {
          actor: auditActor(ctx),
        });
      }
      return row;
    });
  } catch (error) {
    // The same key raced in at once: the one that committed is the answer.
    if (idempotencyKey !== null && isUniqueViolation(error)) {
      const first = await documentByIdempotencyKey(ctx.db, load.id, idempotencyKey);
      if (first) return first;
    }
    throw error;
  }
  ctx.pubsub.publish(`load-documents:${load.id}`, { loadId: load.id });
  announceTripChange(ctx, [load.id]);
  announceCreated(ctx, podInvoice);
  return document;
}

function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A load's documents, newest first. */
export async function listLoadDocuments(ctx: Context, loadReference: string, query: object = {}) {
  const load = await loadForDocuments(ctx, loadReference);
  return { load, documents: await documentsOfLoad(ctx.db, load.id, query) };
}

/** The document when the viewer may read it (its load's rule); otherwise "Document not found". */
export async function readableDocument(ctx: Context, id: string): Promise<LoadDocument> {
  requireViewer(ctx);
  const document = await findDocument(ctx.db, id);
  const load = document ? await loadPartiesById(ctx.db, document.loadId) : null;
  if (!document || !load || !(await isPartyOf(ctx, load))) {
    throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  }
  return document;
}

/** Whether the viewer may read this document: the GraphQL type's row rule. */
export async function mayReadDocument(ctx: Context, document: LoadDocument): Promise<boolean> {
  if (!ctx.viewer) return false;
  if (policy.isAdmin(ctx.viewer)) return true;
  const load = await loadPartiesById(ctx.db, document.loadId);
  return load !== null && isPartyOf(ctx, load);
}

/** The document and its bytes, for a download. */
export async function downloadDocument(ctx: Context, id: string) {
  const document = await readableDocument(ctx, id);
  const bytes = await documentBytes(ctx.db, document.id);
  if (!bytes) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  return { document, bytes };
}

/** Removes a document: operators any, a carrier user only what they uploaded. */
export async function removeLoadDocument(ctx: Context, id: string): Promise<LoadDocument> {
  const document = await readableDocument(ctx, id);
  if (!policy.isAdmin(ctx.viewer) && document.uploadedById !== ctx.viewer?.id) {
    throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  }
  const deleted = await ctx.db.$transaction(async (tx) => {
    if (!(await deleteDocument(tx, document.id))) return false;
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "document.delete",
      entityType: "Load",
      entityId: document.loadId,
      details: { documentId: document.id, type: document.type, fileName: document.fileName },
    });
    return true;
  });
  if (deleted) ctx.pubsub.publish(`load-documents:${document.loadId}`, { loadId: document.loadId });
  return document;
}

/**
 * The rate confirmation a carrier signed (tender acceptance), kept with the load as its
 * RATE_CONFIRMATION document, inside the acceptance's transaction. The caller announces it with
 * `announceLoadDocuments` once committed.
 */
export async function fileSignedRateConfirmation(
  tx: Pick<Db, "loadDocument" | "loadDocumentContent" | "auditLog">,
  signed: { loadDbId: string; fileName: string; pdf: Uint8Array; sha256: string; signerId: string },
  actor: AuditActor,
): Promise<LoadDocument> {
  const row = await insertDocument(tx, {
    loadId: signed.loadDbId,
    type: "RATE_CONFIRMATION",
    fileName: signed.fileName,
    contentType: "application/pdf",
    sha256: signed.sha256,
    bytes: signed.pdf,
    uploadedById: signed.signerId,
  });
  await recordAudit(tx, {
    actor,
    action: "document.upload",
    entityType: "Load",
    entityId: signed.loadDbId,
    details: { documentId: row.id, type: row.type, fileName: row.fileName, size: row.size, signed: true },
  });
  return row;
}

/** After the caller's transaction committed: the load's documents list re-reads. */
export function announceLoadDocuments(deps: Pick<Context, "pubsub">, loadDbId: string): void {
  deps.pubsub.publish(`load-documents:${loadDbId}`, { loadId: loadDbId });
}
