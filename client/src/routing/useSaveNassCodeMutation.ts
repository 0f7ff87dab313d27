import { graphql } from "react-relay";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { useSaveNassCodeMutationCreateMutation as CreateMutation } from "./__generated__/useSaveNassCodeMutationCreateMutation.graphql";
import type { useSaveNassCodeMutationUpdateMutation as UpdateMutation } from "./__generated__/useSaveNassCodeMutationUpdateMutation.graphql";

const createMutation = graphql`
  mutation useSaveNassCodeMutationCreateMutation($input: CreateNassCodeInput!) {
    createNassCode(input: $input) {
      __typename
      ... on MutationCreateNassCodeSuccess {
        data {
          nassCode {
            id
            code
            ...NassRow_nass
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const updateMutation = graphql`
  mutation useSaveNassCodeMutationUpdateMutation($input: UpdateNassCodeInput!) {
    updateNassCode(input: $input) {
      __typename
      ... on MutationUpdateNassCodeSuccess {
        data {
          nassCode {
            id
            code
            ...NassRow_nass
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const NASS_SAVE_FAILED = "The NASS code could not be saved.";

/** The NASS code as it is now, after a save refused because someone changed it (the table's row too). */
export const nassReloadQuery = graphql`
  query useSaveNassCodeMutationReloadQuery($id: ID!) {
    node(id: $id) {
      ... on NassCode {
        id
        code
        region
        division
        fdbid
        facilityName
        street
        city
        state
        zip
        typeCode
        subType
        facType
        originating
        destinating
        latitude
        longitude
        version
      }
    }
  }
`;

const pickCreate = (response: CreateMutation["response"]) => response.createNassCode;
const pickUpdate = (response: UpdateMutation["response"]) => response.updateNassCode;

/** Adds a NASS facility; the new row comes with the list's reload. */
export function useCreateNassCodeMutation() {
  return useAppMutation<CreateMutation, ReturnType<typeof pickCreate>>(createMutation, pickCreate);
}

/** Saves an edited NASS facility; its row updates from the answer. */
export function useUpdateNassCodeMutation() {
  return useAppMutation<UpdateMutation, ReturnType<typeof pickUpdate>>(updateMutation, pickUpdate);
}
