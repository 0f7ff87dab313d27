import { createHash } from "node:crypto";
import {
  CARRIER_DOCUMENT_MESSAGES,
  type CarrierDocumentType,
  cleanFileName,
  DOCUMENT_MESSAGES,
  isCarrierDocumentType,
  isIsoDay,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_CARRIER,
  sniffDocumentType,
} from "../../common/documents.ts";
import { auditActor } from "../audit/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { policy, requireViewer } from "../auth/policy.ts";
import { findCarrier } from "../carriers/lookup.ts";
import type { Context } from "../context.ts";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "../errors.ts";
import type { Carrier, CarrierDocument } from "../generated/sqlite/client.ts";
import { carrierIdOfUser } from "../users/marketplace-reads.ts";
import {
  carrierDocumentBytes,
  countDocumentsOfCarrier,
  deleteCarrierDocument,
  documentsOfCarrier,
  findCarrierDocument,
  insertCarrierDocument,
} from "./store.ts";

export interface CarrierDocumentUpload {
  type: unknown;
  fileName: string;
  bytes: Uint8Array;
  insuranceExpiresOn?: unknown;
}

/** Operators, and the carrier company's own users, use its documents. */
async function mayUseCarrier(ctx: Context, carrierDbId: string): Promise<boolean> {
  const viewer = ctx.viewer;
  if (!viewer) return false;
  if (policy.isAdmin(viewer)) return true;
  return (await carrierIdOfUser(ctx.db, viewer.id)) === carrierDbId;
}

/** The carrier when the viewer may use its documents; otherwise "Carrier not found", as for a missing one. */
export async function carrierForDocuments(ctx: Context, reference: string): Promise<Carrier> {
  requireViewer(ctx);
  const carrier = await findCarrier(ctx.db, reference);
  if (!carrier || !(await mayUseCarrier(ctx, carrier.id))) {
    throw new NotFoundError(CARRIER_DOCUMENT_MESSAGES.carrierNotFound);
  }
  return carrier;
}

function checkedCarrierUpload(upload: CarrierDocumentUpload) {
  const problems: { field: string; message: string }[] = [];
  if (!isCarrierDocumentType(upload.type)) {
    problems.push({ field: "type", message: CARRIER_DOCUMENT_MESSAGES.typeInvalid });
  }
  if (upload.bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new DomainError("PAYLOAD_TOO_LARGE", DOCUMENT_MESSAGES.tooLarge, [
      { field: "file", message: DOCUMENT_MESSAGES.tooLarge },
    ]);
  }
  const contentType = sniffDocumentType(upload.bytes);
  if (upload.bytes.byteLength === 0) problems.push({ field: "file", message: DOCUMENT_MESSAGES.empty });
  else if (!contentType) problems.push({ field: "file", message: DOCUMENT_MESSAGES.contentInvalid });
  const expiry = typeof upload.insuranceExpiresOn === "string" ? upload.insuranceExpiresOn.trim() : "";
  if (upload.insuranceExpiresOn != null && typeof upload.insuranceExpiresOn !== "string") {
    problems.push({ field: "insuranceExpiresOn", message: CARRIER_DOCUMENT_MESSAGES.expiryInvalid });
  } else if (expiry !== "" && !isIsoDay(expiry)) {
    problems.push({ field: "insuranceExpiresOn", message: CARRIER_DOCUMENT_MESSAGES.expiryInvalid });
  } else if (expiry !== "" && upload.type !== "INSURANCE_CERTIFICATE") {
    problems.push({ field: "insuranceExpiresOn", message: CARRIER_DOCUMENT_MESSAGES.expiryNotInsurance });
  }
  if (problems.length > 0 || !contentType || !isCarrierDocumentType(upload.type)) {
    throw new ValidationError(problems[0]?.message ?? DOCUMENT_MESSAGES.contentInvalid, problems);
  }
  return {
    type: upload.type as CarrierDocumentType,
    contentType,
    fileName: cleanFileName(upload.fileName),
    insuranceExpiresOn: expiry === "" ? null : expiry,
  };
}

/** Files a document with a carrier company (operators, or the company's own users), audited. */
export async function uploadCarrierDocument(
  ctx: Context,
  carrierReference: string,
  upload: CarrierDocumentUpload,
): Promise<CarrierDocument> {
  const carrier = await carrierForDocuments(ctx, carrierReference);
  const checked = checkedCarrierUpload(upload);
  if ((await countDocumentsOfCarrier(ctx.db, carrier.id)) >= MAX_DOCUMENTS_PER_CARRIER) {
    throw new ConflictError(CARRIER_DOCUMENT_MESSAGES.tooMany);
  }
  return ctx.db.$transaction(async (tx) => {
    const row = await insertCarrierDocument(tx, {
      carrierId: carrier.id,
      ...checked,
      sha256: createHash("sha256").update(upload.bytes).digest("hex"),
      bytes: upload.bytes,
      uploadedById: ctx.viewer?.id ?? null,
    });
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "document.upload",
      entityType: "Carrier",
      entityId: carrier.id,
      details: { documentId: row.id, type: row.type, fileName: row.fileName, size: row.size },
    });
    return row;
  });
}

/** A carrier's documents, newest first. */
export async function listCarrierDocuments(ctx: Context, carrierReference: string, query: object = {}) {
  const carrier = await carrierForDocuments(ctx, carrierReference);
  return { carrier, documents: await documentsOfCarrier(ctx.db, carrier.id, query) };
}

/** The carrier document when the viewer may read it; otherwise "Document not found". */
export async function readableCarrierDocument(ctx: Context, id: string): Promise<CarrierDocument> {
  requireViewer(ctx);
  const document = await findCarrierDocument(ctx.db, id);
  if (!document || !(await mayUseCarrier(ctx, document.carrierId))) {
    throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  }
  return document;
}

/** Whether the viewer may read this carrier document: the GraphQL type's row rule. */
export function mayReadCarrierDocument(ctx: Context, document: CarrierDocument): Promise<boolean> {
  return mayUseCarrier(ctx, document.carrierId);
}

/** The carrier document and its bytes, for a download. */
export async function downloadCarrierDocument(ctx: Context, id: string) {
  const document = await readableCarrierDocument(ctx, id);
  const bytes = await carrierDocumentBytes(ctx.db, document.id);
  if (!bytes) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  return { document, bytes };
}

/** Removes a carrier document: operators any, a carrier user only what they uploaded. */
export async function removeCarrierDocument(ctx: Context, id: string): Promise<CarrierDocument> {
  const document = await readableCarrierDocument(ctx, id);
  if (!policy.isAdmin(ctx.viewer) && document.uploadedById !== ctx.viewer?.id) {
    throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
  }
  await ctx.db.$transaction(async (tx) => {
    if (!(await deleteCarrierDocument(tx, document.id))) return;
    await recordAudit(tx, {
      actor: auditActor(ctx),
      action: "document.delete",
      entityType: "Carrier",
      entityId: document.carrierId,
      details: { documentId: document.id, type: document.type, fileName: document.fileName },
    });
  });
  return document;
}

/** For the compliance domain: the carriers' insurance certificates and W-9s, newest first. */
export { complianceDocumentsOf, insuranceExpiringBetween } from "./store.ts";
