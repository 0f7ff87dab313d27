import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import { fieldMessages } from "../lib/forms.ts";
import type { useAttachDriverMutation as AttachDriverMutation } from "./__generated__/useAttachDriverMutation.graphql";

const mutation = graphql`
  mutation useAttachDriverMutation($input: AttachDriverInput!) {
    attachDriver(input: $input) {
      __typename
      ... on MutationAttachDriverSuccess {
        data {
          carrier {
            ...CarrierDrivers_carrier
          }
          driver {
            fullName
            email
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

export const DRIVER_CHANGE_FAILED = "The driver list could not be changed. Please try again.";

export interface AttachDriverHandlers {
  onAttached(driverName: string): void;
  /** The server's text (its own words for an unknown e-mail, an operator, another carrier's driver). */
  onFailed(message: string): void;
}

export function useAttachDriverMutation() {
  const [commit, isInFlight] = useMutation<AttachDriverMutation>(mutation);
  const attach = useCallback(
    (carrierId: string, email: string, handlers: AttachDriverHandlers) =>
      commit({
        variables: { input: { carrierId, email } },
        onCompleted: ({ attachDriver: result }) => {
          if (result.data) {
            handlers.onAttached(result.data.driver.fullName || result.data.driver.email);
          } else {
            const fields = fieldMessages(result.fields);
            handlers.onFailed(fields.email ?? (result.message || DRIVER_CHANGE_FAILED));
          }
        },
        onError: () => handlers.onFailed(DRIVER_CHANGE_FAILED),
      }),
    [commit],
  );
  return [attach, isInFlight] as const;
}
