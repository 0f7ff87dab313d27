import { useCallback } from "react";
import { graphql, useRelayEnvironment } from "react-relay";
import { commitMutation } from "relay-runtime";
import { UPLOAD_PROGRESS } from "../relay/network.ts";
import type { useUploadLoadsMutation as UploadLoadsMutation } from "./__generated__/useUploadLoadsMutation.graphql";
import type { PreparedUpload } from "./upload-table.ts";

const mutation = graphql`
  mutation useUploadLoadsMutation($input: UploadLoadsInput!) {
    uploadLoads(input: $input) {
      __typename
      ... on MutationUploadLoadsSuccess {
        data {
          createdCount
          updatedCount
          batch {
            id
            rowCount
            ...LastUpdate_upload
          }
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fields {
          field
          message
        }
      }
    }
  }
`;

export type UploadOutcome =
  | { kind: "uploaded"; createdCount: number; updatedCount: number }
  /** The server refused the rows (nothing was written): its message and per-row problems. */
  | { kind: "refused"; message: string; fields: { field: string; message: string }[] }
  /** The request failed (network, session, size): the server's message when it gave one. */
  | { kind: "failed"; message: string | null };

export interface UploadRequest {
  upload: PreparedUpload;
  stream: string;
  /** Called while the request body goes out: bytes sent of total. */
  onProgress(sent: number, total: number): void;
}

/**
 * Sends one upload request (columns + rows) and, when it succeeds, makes the new batch the
 * list's `lastUpload`. Upload progress comes from the network layer (XMLHttpRequest).
 */
export function useUploadLoadsMutation() {
  const environment = useRelayEnvironment();
  return useCallback(
    ({ upload, stream, onProgress }: UploadRequest) =>
      new Promise<UploadOutcome>((resolve) => {
        commitMutation<UploadLoadsMutation>(environment, {
          mutation,
          variables: {
            input: {
              stream,
              columns: upload.table.columns,
              rows: upload.table.rows.map((row) =>
                row.map((cell) => (cell === null || cell === undefined ? null : String(cell))),
              ),
              fileNames: upload.files.map((file) => file.name),
            },
          },
          cacheConfig: { metadata: { [UPLOAD_PROGRESS]: onProgress } },
          updater: (store) => {
            const batch = store
              .getRootField("uploadLoads")
              ?.getLinkedRecord("data")
              ?.getLinkedRecord("batch");
            if (batch) store.getRoot().setLinkedRecord(batch, "lastUpload");
          },
          onCompleted: ({ uploadLoads: result }) => {
            if (result.data) {
              resolve({
                kind: "uploaded",
                createdCount: result.data.createdCount,
                updatedCount: result.data.updatedCount,
              });
            } else if (result.__typename === "ValidationError") {
              resolve({
                kind: "refused",
                message: result.message ?? "",
                fields: [...(result.fields ?? [])],
              });
            } else {
              resolve({ kind: "failed", message: result.message ?? null });
            }
          },
          onError: (error) => resolve({ kind: "failed", message: error.message || null }),
        });
      }),
    [environment],
  );
}
