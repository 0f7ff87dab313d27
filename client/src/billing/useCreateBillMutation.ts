import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useCreateBillMutation as CreateBillMutation } from "./__generated__/useCreateBillMutation.graphql";

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
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: CreateBillMutation["response"]) => response.createBill;

export function useCreateBillMutation() {
  return useAppMutation<CreateBillMutation, ReturnType<typeof pick>>(mutation, pick);
}
