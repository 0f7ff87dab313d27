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

export async function deleteDocument(db: DocumentDb, id: string): Promise<boolean> {
  const { count } = await db.loadDocument.deleteMany({ where: { id } });
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
