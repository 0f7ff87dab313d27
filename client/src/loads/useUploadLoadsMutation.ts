import { useCallback } from "react";
import { graphql } from "react-relay";
import { viewerZone } from "../lib/viewer-zone.ts";
import type { FieldProblem } from "../relay/mutation-failure.ts";
import { useAppMutation } from "../relay/mutation-result.ts";
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
          skipped {
            loadId
          }
          batch {
            id
            rowCount
            ...LastUpdate_upload
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export type UploadOutcome =
  | {
      kind: "uploaded";
      createdCount: number;
      updatedCount: number;
      /** Loads someone changed while the file was uploading: their change was kept, the row skipped. */
      skippedLoadIds: string[];
    }
  /** The server refused the rows (nothing was written): its message and per-row problems. */
  | { kind: "refused"; message: string; fields: readonly FieldProblem[] }
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
const pick = (response: UploadLoadsMutation["response"]) => response.uploadLoads;

export function useUploadLoadsMutation() {
  const [run] = useAppMutation<UploadLoadsMutation, ReturnType<typeof pick>>(mutation, pick);
  return useCallback(
    ({ upload, stream, onProgress }: UploadRequest) =>
      new Promise<UploadOutcome>((resolve) => {
        run(
          {
            input: {
              stream,
              columns: upload.table.columns,
              rows: upload.table.rows.map((row) =>
                row.map((cell) => (cell === null || cell === undefined ? null : String(cell))),
              ),
              fileNames: upload.files.map((file) => file.name),
              // The file's dates without an offset mean the zone the screens show.
              timeZone: viewerZone(),
            },
          },
          {
            onSuccess: ({ createdCount, updatedCount, skipped }) =>
              resolve({
                kind: "uploaded",
                createdCount,
                updatedCount,
                skippedLoadIds: skipped.map((row) => row.loadId),
              }),
            onFailure: (failure) =>
              resolve(
                failure.typename === "ValidationError"
                  ? { kind: "refused", message: failure.message ?? "", fields: failure.problems }
                  : { kind: "failed", message: failure.message },
              ),
          },
          {
            metadata: { [UPLOAD_PROGRESS]: onProgress },
            updater: (store) => {
              const batch = store
                .getRootField("uploadLoads")
                ?.getLinkedRecord("data")
                ?.getLinkedRecord("batch");
              if (batch) store.getRoot().setLinkedRecord(batch, "lastUpload");
            },
          },
        );
      }),
    [run],
  );
}
