import Alert from "@mui/material/Alert";
import List from "@mui/material/List";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { DOCUMENT_TYPE_LABELS, LOAD_DOCUMENT_TYPES } from "../../../common/documents.ts";
import { downloadFile } from "../lib/download.ts";
import { failureText } from "../lib/request-errors.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import type { LoadDocumentsPanelQuery } from "./__generated__/LoadDocumentsPanelQuery.graphql";
import { DocumentUploadForm } from "./DocumentUploadForm.tsx";
import { LoadDocumentRow } from "./LoadDocumentRow.tsx";
import { useDeleteLoadDocumentMutation } from "./useDeleteLoadDocumentMutation.ts";
import { useLoadDocumentsSubscription } from "./useLoadDocumentsSubscription.ts";

interface LoadDocumentsPanelProps {
  loadId: string;
  /** An operator: deletes any document and files rate confirmations. */
  operator: boolean;
}

function DocumentList({
  loadId,
  operator,
  fetchKey,
  onChanged,
}: LoadDocumentsPanelProps & {
  fetchKey: number;
  onChanged(): void;
}) {
  const data = useLazyLoadQuery<LoadDocumentsPanelQuery>(
    graphql`
      query LoadDocumentsPanelQuery($loadId: String!) {
        loadDocuments(loadId: $loadId) {
          id
          ...LoadDocumentRow_document
        }
      }
    `,
    { loadId },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  useLoadDocumentsSubscription(loadId);
  const [remove, removing] = useDeleteLoadDocumentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const handleDownload = (path: string, fileName: string) => {
    setDownloading(true);
    setFailure(null);
    downloadFile(path, fileName)
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)))
      .finally(() => setDownloading(false));
  };
  const handleDelete = (id: string, fileName: string) => {
    if (!window.confirm(`Delete ${fileName}?`)) return;
    setFailure(null);
    remove(
      { input: { id } },
      {
        onSuccess: onChanged,
        onFailure: (problem) => setFailure(failureText(problem, "The document could not be deleted.")),
      },
    );
  };

  return (
    <>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      {data.loadDocuments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No documents yet.
        </Typography>
      ) : (
        <List dense aria-label="Documents">
          {data.loadDocuments.map((document) => (
            <LoadDocumentRow
              key={document.id}
              document={document}
              mayDeleteAny={operator}
              busy={removing || downloading}
              onDownload={handleDownload}
              onDelete={handleDelete}
            />
          ))}
        </List>
      )}
      <DocumentUploadForm
        path={`/api/loads/${encodeURIComponent(loadId)}/documents`}
        types={LOAD_DOCUMENT_TYPES.filter((type) => operator || type !== "RATE_CONFIRMATION")}
        labels={DOCUMENT_TYPE_LABELS}
        initialType="POD"
        onUploaded={onChanged}
      />
    </>
  );
}

/** "Documents": the load's BOL, POD, rate confirmation, invoices; list, download, upload, delete. */
export function LoadDocumentsPanel({ loadId, operator }: LoadDocumentsPanelProps) {
  const [fetchKey, setFetchKey] = useState(0);
  const refetch = () => setFetchKey((key) => key + 1);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="load-documents-title">
      <Typography id="load-documents-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Documents
      </Typography>
      <ErrorBoundary message="The documents could not be loaded." onRetry={refetch}>
        <Suspense fallback={<Loading label="Loading documents..." />}>
          <DocumentList loadId={loadId} operator={operator} fetchKey={fetchKey} onChanged={refetch} />
        </Suspense>
      </ErrorBoundary>
    </Paper>
  );
}
