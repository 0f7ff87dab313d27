import { createHash } from "node:crypto";
import {
  cleanFileName,
  DOCUMENT_MESSAGES,
  isLoadDocumentType,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_LOAD,
  sniffDocumentType,
} from "../../common/documents.ts";
import { type AuditActor, auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireViewer } from "../auth/policy.ts";
import { announceCreated, type CreatedOnce, draftInvoiceForPod } from "../billing/operations.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "../errors.ts";
import type { LoadDocument } from "../generated/sqlite/client.ts";
import { billableLoadOf } from "../loads/customer-rate.ts";
import { recordMilestones } from "../loads/milestones.ts";
import { isPartyOf, type LoadParties, loadPartiesById, partyLoadOrThrow } from "../loads/parties.ts";
import { OPERATOR_ONLY_TYPES } from "./access.ts";
import {
  countDocumentsOfLoad,
  deleteDocument,
  documentBytes,
  documentsOfLoad,
  findDocument,
  insertDocument,
} from "./store.ts";

export interface DocumentUpload {
  type: unknown;
  fileName: string;
  bytes: Uint8Array;
}

/** The load when the viewer may use its documents; otherwise "Load not found", as for a missing one. */
export function loadForDocuments(ctx: Context, reference: string): Promise<LoadParties> {
  return partyLoadOrThrow(ctx, reference, DOCUMENT_MESSAGES.loadNotFound);
}

function checkedUpload(ctx: Context, upload: DocumentUpload) {
  const problems: { field: string; message: string }[] = [];
  if (!isLoadDocumentType(upload.type))
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
  if (problems.length > 0 || !contentType || !isLoadDocumentType(upload.type)) {
    throw new ValidationError(problems[0]?.message ?? DOCUMENT_MESSAGES.contentInvalid, problems);
  }
  return { type: upload.type, contentType, fileName: cleanFileName(upload.fileName) };
}

/** Files a document with a load (operators, or the load's carrier), audited and announced. */
export async function uploadLoadDocument(
  ctx: Context,
  loadReference: string,
  upload: DocumentUpload,
): Promise<LoadDocument> {
  const load = await loadForDocuments(ctx, loadReference);
  const checked = checkedUpload(ctx, upload);
  if ((await countDocumentsOfLoad(ctx.db, load.id)) >= MAX_DOCUMENTS_PER_LOAD) {
    throw new ConflictError(DOCUMENT_MESSAGES.tooMany);
  }
  let podInvoice: CreatedOnce | null = null;
  const document = await ctx.db.$transaction(async (tx) => {
    const row = await insertDocument(tx, {
      loadId: load.id,
      ...checked,
      sha256: createHash("sha256").update(upload.bytes).digest("hex"),
      bytes: upload.bytes,
      uploadedById: ctx.viewer?.id ?? null,
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "document.upload",
      entityType: "Load",
      entityId: load.id,
      details: { documentId: row.id, type: row.type, fileName: row.fileName, size: row.size },
    });
    if (row.type === "POD") {
      await recordMilestones(tx, [
        {
          loadDbId: load.id,
          milestone: "pod_received",
          source: "user",
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
  ctx.pubsub.publish(`load-documents:${load.id}`, { loadId: load.id });
  announceCreated(ctx, podInvoice);
  return document;
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
