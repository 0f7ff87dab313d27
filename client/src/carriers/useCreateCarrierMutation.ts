import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../lib/forms.ts";
import { failureOfError, failureOfResult, type RequestFailure } from "../lib/request-errors.ts";
import type {
  CreateCarrierInput,
  useCreateCarrierMutation as CreateCarrierMutation,
} from "./__generated__/useCreateCarrierMutation.graphql";

const mutation = graphql`
  mutation useCreateCarrierMutation($input: CreateCarrierInput!) {
    createCarrier(input: $input) {
      __typename
      ... on MutationCreateCarrierSuccess {
        data {
          carrier {
            id
            carrierId
            carrierName
            ...CarrierRow_carrier
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
      ... on ConflictError {
        fields {
          field
          message
        }
      }
    }
  }
`;

export interface CreateCarrierHandlers {
  onCreated(carrier: { carrierId: string; carrierName: string }): void;
  /** What failed (as the spec's HTTP cases) and the server's per-field messages. */
  onFailed(failure: RequestFailure, fields: Record<string, string>): void;
}

export function useCreateCarrierMutation() {
  const [commit, isInFlight] = useMutation<CreateCarrierMutation>(mutation);
  const create = useCallback(
    (input: CreateCarrierInput, handlers: CreateCarrierHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ createCarrier: result }) => {
          if (result.data) handlers.onCreated(result.data.carrier);
          else handlers.onFailed(failureOfResult(result), fieldMessages(result.fields));
        },
        onError: (error) => handlers.onFailed(failureOfError(error), {}),
      }),
    [commit],
  );
  return [create, isInFlight] as const;
}
