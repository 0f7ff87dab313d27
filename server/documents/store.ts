import type { Db } from "../db/client.ts";
import type { CarrierDocument, LoadDocument } from "../generated/sqlite/client.ts";

type DocumentDb = Pick<Db, "loadDocument" | "loadDocumentContent">;

export interface NewDocument {
  loadId: string;
  type: string;
  fileName: string;
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
  uploadedById: string | null;
  receiverName?: string | null;
  exceptions?: string | null;
  note?: string | null;
  takenAt?: Date | null;
  signatureOfId?: string | null;
  idempotencyKey?: string | null;
}

/** The document row and its bytes, in the caller's transaction. */
export async function insertDocument(tx: DocumentDb, document: NewDocument): Promise<LoadDocument> {
  const { bytes, ...fields } = document;
  const row = await tx.loadDocument.create({ data: { ...fields, size: bytes.byteLength } });
  await tx.loadDocumentContent.create({ data: { documentId: row.id, bytes: Buffer.from(bytes) } });
  return row;
}

export function countDocumentsOfLoad(db: DocumentDb, loadDbId: string): Promise<number> {
  return db.loadDocument.count({ where: { loadId: loadDbId } });
}

/** A load's documents, newest first (at most MAX_DOCUMENTS_PER_LOAD exist). */
export function documentsOfLoad(
  db: DocumentDb,
  loadDbId: string,
  query: object = {},
): Promise<LoadDocument[]> {
  return db.loadDocument.findMany({
    ...query,
    where: { loadId: loadDbId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export function findDocument(db: DocumentDb, id: string): Promise<LoadDocument | null> {
  return db.loadDocument.findUnique({ where: { id } });
}

export async function documentBytes(db: DocumentDb, id: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const content = await db.loadDocumentContent.findUnique({ where: { documentId: id } });
  return content ? new Uint8Array(content.bytes) : null;
}

/** The document an earlier upload with this Idempotency-Key filed with the load. */
export function documentByIdempotencyKey(
  db: DocumentDb,
  loadDbId: string,
  idempotencyKey: string,
): Promise<LoadDocument | null> {
  return db.loadDocument.findUnique({
    where: { loadId_idempotencyKey: { loadId: loadDbId, idempotencyKey } },
  });
}

/** Deletes a document and, for a POD, the signature filed with it (no foreign key links them). */
export async function deleteDocument(db: DocumentDb, id: string): Promise<boolean> {
  const { count } = await db.loadDocument.deleteMany({ where: { id } });
  if (count > 0) await db.loadDocument.deleteMany({ where: { signatureOfId: id } });
  return count > 0;
}

type CarrierDocumentDb = Pick<Db, "carrierDocument" | "carrierDocumentContent">;

export interface NewCarrierDocument {
  carrierId: string;
  type: string;
  fileName: string;
  contentType: string;
  sha256: string;
  insuranceExpiresOn: string | null;
  bytes: Uint8Array;
  uploadedById: string | null;
}

/** A carrier document's row and its bytes, in the caller's transaction. */
export async function insertCarrierDocument(
  tx: CarrierDocumentDb,
  document: NewCarrierDocument,
): Promise<CarrierDocument> {
  const { bytes, ...fields } = document;
  const row = await tx.carrierDocument.create({ data: { ...fields, size: bytes.byteLength } });
  await tx.carrierDocumentContent.create({ data: { documentId: row.id, bytes: Buffer.from(bytes) } });
  return row;
}

export function countDocumentsOfCarrier(db: CarrierDocumentDb, carrierDbId: string): Promise<number> {
  return db.carrierDocument.count({ where: { carrierId: carrierDbId } });
}

/** A carrier's documents, newest first (at most MAX_DOCUMENTS_PER_CARRIER exist). */
export function documentsOfCarrier(
  db: CarrierDocumentDb,
  carrierDbId: string,
  query: object = {},
): Promise<CarrierDocument[]> {
  return db.carrierDocument.findMany({
    ...query,
    where: { carrierId: carrierDbId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export function findCarrierDocument(db: CarrierDocumentDb, id: string): Promise<CarrierDocument | null> {
  return db.carrierDocument.findUnique({ where: { id } });
}

export async function carrierDocumentBytes(
  db: CarrierDocumentDb,
  id: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const content = await db.carrierDocumentContent.findUnique({ where: { documentId: id } });
  return content ? new Uint8Array(content.bytes) : null;
}

export async function deleteCarrierDocument(db: CarrierDocumentDb, id: string): Promise<boolean> {
  const { count } = await db.carrierDocument.deleteMany({ where: { id } });
  return count > 0;
}

/**
 * The insurance certificates and W-9s of these carriers, newest first (the compliance rule reads
 * the newest of each); at most MAX_DOCUMENTS_PER_CARRIER per carrier exist.
 */
export function complianceDocumentsOf(db: Pick<Db, "carrierDocument">, carrierDbIds: string[]) {
  if (carrierDbIds.length === 0) return Promise.resolve([]);
  return db.carrierDocument.findMany({
    where: { carrierId: { in: carrierDbIds }, type: { in: ["INSURANCE_CERTIFICATE", "W9"] } },
    select: { id: true, carrierId: true, type: true, insuranceExpiresOn: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** Insurance certificates expiring between two days (inclusive), for the expiry warning sweep. */
export function insuranceExpiringBetween(
  db: Pick<Db, "carrierDocument">,
  from: string,
  to: string,
  take: number,
) {
  return db.carrierDocument.findMany({
    where: { type: "INSURANCE_CERTIFICATE", insuranceExpiresOn: { gte: from, lte: to } },
    select: { id: true, carrierId: true, insuranceExpiresOn: true, createdAt: true },
    orderBy: [{ insuranceExpiresOn: "asc" }, { id: "asc" }],
    take,
  });
}
