import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { RequestFailure } from "../lib/request-errors.ts";
import { failureOfError, fieldMessages, STATUS_OF_TYPENAME } from "../relay/mutation-failure.ts";
import type {
  CreateBillInput,
  useCreateBillMutation as CreateBillMutation,
} from "./__generated__/useCreateBillMutation.graphql";

const mutation = graphql`
  mutation useCreateBillMutation($input: CreateBillInput!) {
    createBill(input: $input) {
      __typename
      ... on MutationCreateBillSuccess {
        data {
          bill {
            id
            billNumber
            ...BillRow_bill
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

export interface CreateEntryHandlers {
  onCreated(number: string): void;
  /** What failed (as the spec's HTTP cases) and the server's per-field messages. */
  onFailed(failure: RequestFailure, fields: Record<string, string>): void;
}

export function useCreateBillMutation() {
  const [commit, isInFlight] = useMutation<CreateBillMutation>(mutation);
  const create = useCallback(
    (input: CreateBillInput, handlers: CreateEntryHandlers) =>
      commit({
        variables: { input },
        onCompleted: ({ createBill: result }) => {
          if (result.data) handlers.onCreated(result.data.bill.billNumber);
          else handlers.onFailed(failureOfResult(result), fieldMessages(result.fields));
        },
        onError: (error) => handlers.onFailed(failureOfError(error), {}),
      }),
    [commit],
  );
  return [create, isInFlight] as const;
}

/** A typed mutation failure (`... on Error { message }`) as the HTTP status it stands for. */
export function failureOfResult(result: { __typename: string; message?: string | null }): RequestFailure {
  return {
    kind: "http",
    status: STATUS_OF_TYPENAME[result.__typename] ?? 500,
    message: result.message || null,
  };
}
