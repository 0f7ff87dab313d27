import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { useSetLoadCustomerRateMutation as SetLoadCustomerRateMutation } from "./__generated__/useSetLoadCustomerRateMutation.graphql";

const mutation = graphql`
  mutation useSetLoadCustomerRateMutation($input: SetLoadCustomerRateInput!) {
    setLoadCustomerRate(input: $input) {
      __typename
      ... on MutationSetLoadCustomerRateSuccess {
        data {
          load {
            id
            ...LoadFinancials_load
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export interface SetRateHandlers {
  onSaved(): void;
  onFailed(message: string): void;
}

/** Saves a load's customer rate; the financials (and a drafted invoice) come back in the answer. */
export function useSetLoadCustomerRateMutation() {
  const [commit, isInFlight] = useMutation<SetLoadCustomerRateMutation>(mutation);
  const save = useCallback(
    (id: string, customerRate: string, handlers: SetRateHandlers) =>
      commit({
        variables: { input: { id, customerRate: customerRate.trim() || null } },
        onCompleted: ({ setLoadCustomerRate: result }) => {
          if (result.__typename === "MutationSetLoadCustomerRateSuccess") handlers.onSaved();
          else handlers.onFailed("message" in result && result.message ? result.message : "Error saving");
        },
        onError: () => handlers.onFailed("Error saving"),
      }),
    [commit],
  );
  return [save, isInFlight] as const;
}
