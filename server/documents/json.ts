import { type PodException, parsePodExceptions } from "../../common/driver.ts";
import type { CarrierDocument, LoadDocument } from "../generated/sqlite/client.ts";

/** The REST shape: `_id` beside the fields, and where to download it. */
export function documentJson(document: LoadDocument) {
  return {
    _id: document.id,
    type: document.type,
    fileName: document.fileName,
    size: document.size,
    contentType: document.contentType,
    sha256: document.sha256,
    createdAt: document.createdAt.toISOString(),
    downloadUrl: documentDownloadPath(document.id),
    receiverName: document.receiverName,
    exceptions: podExceptionsOf(document),
    note: document.note,
    takenAt: document.takenAt?.toISOString() ?? null,
    signatureOfId: document.signatureOfId,
  };
}

/** A POD's exceptions as stored (a comma list) -> the known values, in their order. */
export function podExceptionsOf(document: Pick<LoadDocument, "exceptions">): PodException[] {
  const parsed = parsePodExceptions(document.exceptions);
  return parsed === "invalid" ? [] : parsed;
}

/** The REST shape of a carrier's document. */
export function carrierDocumentJson(document: CarrierDocument) {
  return {
    _id: document.id,
    type: document.type,
    fileName: document.fileName,
    size: document.size,
    contentType: document.contentType,
    sha256: document.sha256,
    insuranceExpiresOn: document.insuranceExpiresOn,
    createdAt: document.createdAt.toISOString(),
    downloadUrl: carrierDocumentDownloadPath(document.id),
  };
}

export function carrierDocumentDownloadPath(id: string): string {
  return `/api/carrier-documents/${encodeURIComponent(id)}`;
}

export function documentDownloadPath(id: string): string {
  return `/api/documents/${encodeURIComponent(id)}`;
}

/** Content-Disposition for a download: a plain ASCII name and the exact one (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
