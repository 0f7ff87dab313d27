import { session } from "../lib/session.ts";
import { createRelayRuntime, type RelayRuntime } from "./environment.ts";

let current: { epoch: number; runtime: RelayRuntime } | null = null;

/** The Relay runtime of the signed-in user of `epoch`: the same one until the user changes. */
export function relayRuntimeFor(epoch: number): RelayRuntime {
  if (current?.epoch !== epoch) {
    current?.runtime.dispose();
    current = { epoch, runtime: createRelayRuntime(session) };
  }
  return current.runtime;
}

// A sign-in or sign-out closes the previous user's WebSocket at once.
session.subscribe(() => {
  if (current && current.epoch !== session.getState().epoch) {
    current.runtime.dispose();
    current = null;
  }
});
