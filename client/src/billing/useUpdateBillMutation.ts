import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useUpdateBillMutation as UpdateBillMutation } from "./__generated__/useUpdateBillMutation.graphql";

const mutation = graphql`
  mutation useUpdateBillMutation($input: UpdateBillInput!) {
    updateBill(input: $input) {
      __typename
      ... on MutationUpdateBillSuccess {
        data {
          bill {
            id
            version
            ...BillDetailPage_bill
            ...BillRow_bill
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: UpdateBillMutation["response"]) => response.updateBill;

/** Saves the bill form; the detail page and its list row update in the store from the answer. */
export function useUpdateBillMutation() {
  return useAppMutation<UpdateBillMutation, ReturnType<typeof pick>>(mutation, pick);
}
