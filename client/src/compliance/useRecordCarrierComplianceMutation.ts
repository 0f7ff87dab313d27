import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useRecordCarrierComplianceMutation as RecordCarrierComplianceMutation } from "./__generated__/useRecordCarrierComplianceMutation.graphql";

// The payload's carrier re-reads its compliance through the panel's fragment, so the panel and its
// chip change in the store without a reload.
const mutation = graphql`
  mutation useRecordCarrierComplianceMutation($input: RecordCarrierComplianceInput!) {
    recordCarrierCompliance(input: $input) {
      __typename
      ... on MutationRecordCarrierComplianceSuccess {
        data {
          carrier {
            id
            compliance {
              status
              ...CarrierCompliancePanel_compliance
              ...ComplianceChip_compliance
            }
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: RecordCarrierComplianceMutation["response"]) => response.recordCarrierCompliance;

export function useRecordCarrierComplianceMutation() {
  return useAppMutation<RecordCarrierComplianceMutation, ReturnType<typeof pick>>(mutation, pick);
}
