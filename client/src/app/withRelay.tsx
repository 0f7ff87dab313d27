import type { ComponentType } from "react";
import { RelayProvider } from "./RelayProvider.tsx";

/** Gives a lazily loaded screen Relay (kept out of the landing page's first download). */
export function withRelay<Props extends object>(Screen: ComponentType<Props>): ComponentType<Props> {
  function WithRelay(props: Props) {
    return (
      <RelayProvider>
        <Screen {...props} />
      </RelayProvider>
    );
  }
  WithRelay.displayName = `withRelay(${Screen.displayName ?? Screen.name})`;
  return WithRelay;
}
