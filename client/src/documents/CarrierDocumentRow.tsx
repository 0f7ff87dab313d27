import { graphql, useFragment } from "react-relay";
import { formatCalendarDay } from "../../../common/date-time.ts";
import { CARRIER_DOCUMENT_TYPE_LABELS, type CarrierDocumentType } from "../../../common/documents.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { CarrierDocumentRow_document$key } from "./__generated__/CarrierDocumentRow_document.graphql";
import { DocumentListItem } from "./DocumentListItem.tsx";
import { formatBytes } from "./format-bytes.ts";

interface CarrierDocumentRowProps {
  document: CarrierDocumentRow_document$key;
  mayDeleteAny: boolean;
  busy: boolean;
  onDownload(path: string, fileName: string): void;
  onDelete(id: string, fileName: string): void;
}

/** One of a carrier's documents: W-9, insurance certificate (with its expiry), authority, other. */
export function CarrierDocumentRow({
  document,
  mayDeleteAny,
  busy,
  onDownload,
  onDelete,
}: CarrierDocumentRowProps) {
  const data = useFragment(
    graphql`
      fragment CarrierDocumentRow_document on CarrierDocument {
        id
        type
        fileName
        size
        insuranceExpiresOn
        createdAt
        downloadUrl
        uploadedByViewer
      }
    `,
    document,
  );
  const label = CARRIER_DOCUMENT_TYPE_LABELS[data.type as CarrierDocumentType] ?? data.type;
  const expiry = data.insuranceExpiresOn ? ` · expires ${formatCalendarDay(data.insuranceExpiresOn)}` : "";
  return (
    <DocumentListItem
      id={data.id}
      primary={`${label}: ${data.fileName}`}
      secondary={`${formatBytes(data.size)} · ${formatDateTime(String(data.createdAt)) ?? ""}${expiry}`}
      fileName={data.fileName}
      downloadUrl={data.downloadUrl}
      mayDelete={mayDeleteAny || data.uploadedByViewer}
      busy={busy}
      onDownload={onDownload}
      onDelete={onDelete}
    />
  );
}
