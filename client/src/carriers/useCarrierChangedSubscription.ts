import { useEffect, useMemo, useRef } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useCarrierChangedSubscription as CarrierChangedSubscription } from "./__generated__/useCarrierChangedSubscription.graphql";

const subscription = graphql`
  subscription useCarrierChangedSubscription {
    carrierChanged {
      id
      ...CarrierRow_carrier
      ...CarrierForm_carrier
      ...CarrierDrivers_carrier
    }
  }
`;

/**
 * A carrier created or changed by anyone (drivers included) lands in the store the way the user's
 * own mutations do, so every carrier screen shows it; `onChanged` lets a list fetch rows it lacks.
 */
export function useCarrierChangedSubscription(onChanged?: (id: string) => void) {
  const latest = useRef(onChanged);
  useEffect(() => {
    latest.current = onChanged;
  }, [onChanged]);
  const config = useMemo<GraphQLSubscriptionConfig<CarrierChangedSubscription>>(
    () => ({
      subscription,
      variables: {},
      onNext: (response) => {
        const id = response?.carrierChanged.id;
        if (id) latest.current?.(id);
      },
    }),
    [],
  );
  useSubscription(config);
}
