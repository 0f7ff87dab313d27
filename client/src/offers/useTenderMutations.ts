import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useTenderMutationsAcceptMutation as AcceptMutation } from "./__generated__/useTenderMutationsAcceptMutation.graphql";
import type { useTenderMutationsDeclineMutation as DeclineMutation } from "./__generated__/useTenderMutationsDeclineMutation.graphql";

const acceptMutation = graphql`
  mutation useTenderMutationsAcceptMutation($input: AcceptTenderInput!) {
    acceptTender(input: $input) {
      __typename
      ... on MutationAcceptTenderSuccess {
        data {
          tender {
            id
            ...TenderCard_tender
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const declineMutation = graphql`
  mutation useTenderMutationsDeclineMutation($input: DeclineTenderInput!) {
    declineTender(input: $input) {
      __typename
      ... on MutationDeclineTenderSuccess {
        data {
          tender {
            id
            ...TenderCard_tender
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pickAccept = (response: AcceptMutation["response"]) => response.acceptTender;
const pickDecline = (response: DeclineMutation["response"]) => response.declineTender;

/** The carrier signs the rate confirmation by typing its full name. */
export function useAcceptTenderMutation() {
  return useAppMutation<AcceptMutation, ReturnType<typeof pickAccept>>(acceptMutation, pickAccept);
}

/** The carrier (or an operator on its behalf) declines, with a reason. */
export function useDeclineTenderMutation() {
  return useAppMutation<DeclineMutation, ReturnType<typeof pickDecline>>(declineMutation, pickDecline);
}
