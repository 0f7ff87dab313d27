import { useDeferredAppMutation } from "../relay/mutation-result.ts";
import { warmable } from "../ui/deferred.tsx";
import type { bidMutationsAcceptWaterfallTurnMutation as AcceptMutation } from "./__generated__/bidMutationsAcceptWaterfallTurnMutation.graphql";
import type { bidMutationsPassWaterfallTurnMutation as PassMutation } from "./__generated__/bidMutationsPassWaterfallTurnMutation.graphql";

// The documents load when a mutation is first sent (or once the first screen is up and idle).
const documents = warmable(() => import("./bidMutations.ts"));
const acceptWaterfallTurnMutation = async () => (await documents()).acceptWaterfallTurnMutation;
const passWaterfallTurnMutation = async () => (await documents()).passWaterfallTurnMutation;

const pickAccept = (response: AcceptMutation["response"]) => response.acceptWaterfallTurn;
const pickPass = (response: PassMutation["response"]) => response.passWaterfallTurn;

/** The carrier in turn takes the load at the offered rate. */
export function useAcceptWaterfallTurnMutation() {
  return useDeferredAppMutation<AcceptMutation, ReturnType<typeof pickAccept>>(
    acceptWaterfallTurnMutation,
    pickAccept,
  );
}

/** The carrier in turn passes: the next carrier's turn starts. */
export function usePassWaterfallTurnMutation() {
  return useDeferredAppMutation<PassMutation, ReturnType<typeof pickPass>>(
    passWaterfallTurnMutation,
    pickPass,
  );
}
