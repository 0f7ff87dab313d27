import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useAttachDriverMutation as AttachDriverMutation } from "./__generated__/useAttachDriverMutation.graphql";

const mutation = graphql`
  mutation useAttachDriverMutation($input: AttachDriverInput!) {
    attachDriver(input: $input) {
      __typename
      ... on MutationAttachDriverSuccess {
        data {
          carrier {
            version
            ...CarrierDrivers_carrier
          }
          driver {
            fullName
            email
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const DRIVER_CHANGE_FAILED = "The driver list could not be changed. Please try again.";

const pick = (response: AttachDriverMutation["response"]) => response.attachDriver;

export function useAttachDriverMutation() {
  return useAppMutation<AttachDriverMutation, ReturnType<typeof pick>>(mutation, pick);
}
