import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useUpdateProfileMutation as UpdateProfileMutation } from "./__generated__/useUpdateProfileMutation.graphql";

const mutation = graphql`
  mutation useUpdateProfileMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on MutationUpdateProfileSuccess {
        data {
          user {
            ...ProfileForm_user
            ...AccountSummary_user
            ...TimezoneClock_user
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: UpdateProfileMutation["response"]) => response.updateProfile;

export function useUpdateProfileMutation() {
  return useAppMutation<UpdateProfileMutation, ReturnType<typeof pick>>(mutation, pick);
}
