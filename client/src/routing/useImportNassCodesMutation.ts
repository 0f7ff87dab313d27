import { useCallback } from "react";
import { graphql, useRelayEnvironment } from "react-relay";
import { commitMutation } from "relay-runtime";
import { UPLOAD_PROGRESS } from "../relay/network.ts";
import type { useImportNassCodesMutation as ImportMutation } from "./__generated__/useImportNassCodesMutation.graphql";

const mutation = graphql`
  mutation useImportNassCodesMutation($input: ImportNassCodesInput!) {
    importNassCodes(input: $input) {
      __typename
      ... on MutationImportNassCodesSuccess {
        data {
          createdCount
          updatedCount
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

export type ImportOutcome =
  | { kind: "imported"; createdCount: number; updatedCount: number }
  | { kind: "refused"; message: string; fields: { field: string; message: string }[] }
  | { kind: "failed"; message: string | null };

export interface ImportRequest {
  columns: string[];
  rows: (string | null)[][];
  fileName: string;
  onProgress(sent: number, total: number): void;
}

/** Sends the parsed NASS file (columns once, rows as cell lists) with upload progress. */
export function useImportNassCodesMutation() {
  const environment = useRelayEnvironment();
  return useCallback(
    ({ columns, rows, fileName, onProgress }: ImportRequest) =>
      new Promise<ImportOutcome>((resolve) => {
        commitMutation<ImportMutation>(environment, {
          mutation,
          variables: { input: { columns, rows, fileName } },
          cacheConfig: { metadata: { [UPLOAD_PROGRESS]: onProgress } },
          onCompleted: ({ importNassCodes: result }) => {
            if (result.data) {
              resolve({ kind: "imported", ...result.data });
            } else if (result.__typename === "ValidationError") {
              resolve({ kind: "refused", message: result.message ?? "", fields: [...(result.fields ?? [])] });
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
