import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import DownloadIcon from "@mui/icons-material/Download";
import IconButton from "@mui/material/IconButton";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import { graphql, useFragment } from "react-relay";
import { DOCUMENT_TYPE_LABELS, type LoadDocumentType } from "../../../common/documents.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { LoadDocumentRow_document$key } from "./__generated__/LoadDocumentRow_document.graphql";
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
    <ListItem
      divider
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          <IconButton
            aria-label={`Download ${data.fileName}`}
            onClick={() => onDownload(data.downloadUrl, data.fileName)}
            disabled={busy}
          >
            <DownloadIcon />
          </IconButton>
          {(mayDeleteAny || data.uploadedByViewer) && (
            <IconButton
              aria-label={`Delete ${data.fileName}`}
              onClick={() => onDelete(data.id, data.fileName)}
              disabled={busy}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      }
      sx={{ pr: 12 }}
    >
      <ListItemText
        primary={`${label}: ${data.fileName}`}
        secondary={`${formatBytes(data.size)} · ${formatDateTime(String(data.createdAt)) ?? ""}`}
        slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
      />
    </ListItem>
  );
}
