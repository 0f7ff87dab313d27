import { graphql, useFragment } from "react-relay";
import { DOCUMENT_TYPE_LABELS, type LoadDocumentType } from "../../../common/documents.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { LoadDocumentRow_document$key } from "./__generated__/LoadDocumentRow_document.graphql";
import { DocumentListItem } from "./DocumentListItem.tsx";
import { formatBytes } from "./format-bytes.ts";

interface LoadDocumentRowProps {
  document: LoadDocumentRow_document$key;
  mayDeleteAny: boolean;
  busy: boolean;
  onDownload(path: string, fileName: string): void;
  onDelete(id: string, fileName: string): void;
}

/** One document: what it is, its file, when it came; download, and delete where allowed. */
export function LoadDocumentRow({
  document,
  mayDeleteAny,
  busy,
  onDownload,
  onDelete,
}: LoadDocumentRowProps) {
  const data = useFragment(
    graphql`
      fragment LoadDocumentRow_document on LoadDocument {
        id
        type
        fileName
        size
        createdAt
        downloadUrl
        uploadedByViewer
      }
    `,
    document,
  );
  const label = DOCUMENT_TYPE_LABELS[data.type as LoadDocumentType] ?? data.type;
  return (
    <DocumentListItem
      id={data.id}
      primary={`${label}: ${data.fileName}`}
      secondary={`${formatBytes(data.size)} · ${formatDateTime(String(data.createdAt)) ?? ""}`}
      fileName={data.fileName}
      downloadUrl={data.downloadUrl}
      mayDelete={mayDeleteAny || data.uploadedByViewer}
      busy={busy}
      onDownload={onDownload}
      onDelete={onDelete}
    />
  );
}
