import Alert from "@mui/material/Alert";
import List from "@mui/material/List";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { CARRIER_DOCUMENT_TYPE_LABELS, CARRIER_DOCUMENT_TYPES } from "../../../common/documents.ts";
import { downloadFile } from "../lib/download.ts";
import { failureText } from "../lib/request-errors.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import type { CarrierDocumentsPanelQuery } from "./__generated__/CarrierDocumentsPanelQuery.graphql";
import { CarrierDocumentRow } from "./CarrierDocumentRow.tsx";
import { DocumentUploadForm } from "./DocumentUploadForm.tsx";
import { useDeleteCarrierDocumentMutation } from "./useDeleteCarrierDocumentMutation.ts";

interface CarrierDocumentsPanelProps {
  /** The carrier company's database id. */
  carrierId: string;
  /** An operator: deletes any document. */
  operator: boolean;
}

function CarrierDocumentList({
  carrierId,
  operator,
  fetchKey,
  onChanged,
}: CarrierDocumentsPanelProps & { fetchKey: number; onChanged(): void }) {
  const data = useLazyLoadQuery<CarrierDocumentsPanelQuery>(
    graphql`
      query CarrierDocumentsPanelQuery($carrierId: String!) {
        carrierDocuments(carrierId: $carrierId) {
          id
          ...CarrierDocumentRow_document
        }
      }
    `,
    { carrierId },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [remove, removing] = useDeleteCarrierDocumentMutation();
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
      {data.carrierDocuments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No documents yet.
        </Typography>
      ) : (
        <List dense aria-label="Carrier documents">
          {data.carrierDocuments.map((document) => (
            <CarrierDocumentRow
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
        path={`/api/carriers/${encodeURIComponent(carrierId)}/documents`}
        types={CARRIER_DOCUMENT_TYPES}
        labels={CARRIER_DOCUMENT_TYPE_LABELS}
        expiryType="INSURANCE_CERTIFICATE"
        onUploaded={onChanged}
      />
    </>
  );
}

/** "Company documents": a carrier's W-9, insurance certificate, authority; list, download, upload, delete. */
export function CarrierDocumentsPanel({ carrierId, operator }: CarrierDocumentsPanelProps) {
  const [fetchKey, setFetchKey] = useState(0);
  const refetch = () => setFetchKey((key) => key + 1);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 3 }}
      component="section"
      aria-labelledby="carrier-documents-title"
    >
      <Typography id="carrier-documents-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Company documents
      </Typography>
      <ErrorBoundary message="The documents could not be loaded." onRetry={refetch}>
        <Suspense fallback={<Loading label="Loading documents..." />}>
          <CarrierDocumentList
            carrierId={carrierId}
            operator={operator}
            fetchKey={fetchKey}
            onChanged={refetch}
          />
        </Suspense>
      </ErrorBoundary>
    </Paper>
  );
}
