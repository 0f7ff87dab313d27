import { DOCUMENT_MESSAGES } from "../../common/documents.ts";
import { DRIVER_TEXTS } from "../../common/driver.ts";
import { DomainError, ValidationError } from "../errors.ts";

export interface MultipartDocument {
  type: unknown;
  fileName: string;
  bytes: Uint8Array;
  /** A carrier's insurance certificate's expiry day, when the form sends one. */
  insuranceExpiresOn: unknown;
  /** A proof of delivery's fields (driver app), each null when the form leaves it out. */
  receiverName: unknown;
  exceptions: unknown;
  note: unknown;
  takenAt: unknown;
  /** The receiver's signature (a PNG), a second file part. */
  signature: { fileName: string; bytes: Uint8Array } | null;
}

/**
 * `file` and `type` of a multipart/form-data body, read by the runtime's own form-data parser
 * (the Fetch API's). A body of another type answers 415; a form without a file, 400.
 */
export async function documentFromMultipart(
  body: Uint8Array,
  contentType: string,
): Promise<MultipartDocument> {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", DOCUMENT_MESSAGES.notMultipart);
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ValidationError(DOCUMENT_MESSAGES.notMultipart, [
      { field: "file", message: DOCUMENT_MESSAGES.notMultipart },
    ]);
  }
  const file = form.get("file");
  if (!(file instanceof File)) {
    throw new ValidationError(DOCUMENT_MESSAGES.fileRequired, [
      { field: "file", message: DOCUMENT_MESSAGES.fileRequired },
    ]);
  }
  const signature = form.get("signature");
  if (signature !== null && !(signature instanceof File)) {
    throw new ValidationError(DRIVER_TEXTS.signatureNotPng, [
      { field: "signature", message: DRIVER_TEXTS.signatureNotPng },
    ]);
  }
  return {
    type: form.get("type"),
    fileName: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    insuranceExpiresOn: form.get("insuranceExpiresOn"),
    receiverName: form.get("receiverName"),
    exceptions: form.get("exceptions"),
    note: form.get("note"),
    takenAt: form.get("takenAt"),
    signature:
      signature instanceof File
        ? { fileName: signature.name, bytes: new Uint8Array(await signature.arrayBuffer()) }
        : null,
  };
}
