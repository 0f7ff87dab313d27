/**
 * Documents attached to a load: the bill of lading, proof of delivery, rate confirmation, invoice
 * and anything else a broker keeps with a shipment. One rule set for the server's checks and the
 * client's upload form.
 */
export const LOAD_DOCUMENT_TYPES = ["BOL", "POD", "RATE_CONFIRMATION", "INVOICE", "OTHER"] as const;
export type LoadDocumentType = (typeof LOAD_DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<LoadDocumentType, string> = {
  BOL: "Bill of lading",
  POD: "Proof of delivery",
  RATE_CONFIRMATION: "Rate confirmation",
  INVOICE: "Invoice",
  OTHER: "Other",
};

/** What a document may be, by the file's own first bytes (its name and declared type are not trusted). */
export const DOCUMENT_CONTENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_FILE_NAME_MAX = 200;
/** A load keeps at most this many documents: a list that stays bounded. */
export const MAX_DOCUMENTS_PER_LOAD = 100;

/** Documents kept with a carrier company (its paperwork, not a load's). */
export const CARRIER_DOCUMENT_TYPES = ["W9", "INSURANCE_CERTIFICATE", "AUTHORITY", "OTHER"] as const;
export type CarrierDocumentType = (typeof CARRIER_DOCUMENT_TYPES)[number];

export const CARRIER_DOCUMENT_TYPE_LABELS: Record<CarrierDocumentType, string> = {
  W9: "W-9",
  INSURANCE_CERTIFICATE: "Insurance certificate",
  AUTHORITY: "Operating authority",
  OTHER: "Other",
};

/** A carrier keeps at most this many documents: a list that stays bounded. */
export const MAX_DOCUMENTS_PER_CARRIER = 100;

export const CARRIER_DOCUMENT_MESSAGES = {
  typeInvalid: `Type must be one of ${CARRIER_DOCUMENT_TYPES.join(", ")}`,
  expiryInvalid: "The insurance expiry must be a date (YYYY-MM-DD)",
  expiryNotInsurance: "Only an insurance certificate has an expiry date",
  tooMany: `A carrier keeps at most ${MAX_DOCUMENTS_PER_CARRIER} documents: delete one first`,
  carrierNotFound: "Carrier not found",
} as const;

export function isCarrierDocumentType(value: unknown): value is CarrierDocumentType {
  return typeof value === "string" && (CARRIER_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const DOCUMENT_MESSAGES = {
  fileRequired: "Choose a file to upload",
  typeInvalid: `Type must be one of ${LOAD_DOCUMENT_TYPES.join(", ")}`,
  contentInvalid: "The file must be a PDF, JPEG or PNG",
  tooLarge: "The file is larger than 10 MB",
  empty: "The file is empty",
  tooMany: `A load keeps at most ${MAX_DOCUMENTS_PER_LOAD} documents: delete one first`,
  notFound: "Document not found",
  loadNotFound: "Load not found",
  notMultipart: "Send the file as multipart/form-data with the fields file and type",
} as const;

export function isLoadDocumentType(value: unknown): value is LoadDocumentType {
  return typeof value === "string" && (LOAD_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** The content type the bytes show (PDF, JPEG or PNG signatures); null for anything else. */
export function sniffDocumentType(bytes: Uint8Array): DocumentContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  return null;
}

/** A file name safe to show and to send back in Content-Disposition: no path, no controls, bounded. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return (clean || "document").slice(0, DOCUMENT_FILE_NAME_MAX);
}
