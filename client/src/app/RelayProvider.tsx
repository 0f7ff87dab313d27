import type { ReactNode } from "react";
import { RelayEnvironmentProvider } from "react-relay";
import { relayRuntimeFor } from "../relay/runtime.ts";
import { useSession } from "./useSession.ts";

interface RelayProviderProps {
  children: ReactNode;
}

/**
 * Relay for the screens that need it (auth forms, the signed-in areas, the contact form): it is
 * not part of the landing page's first download. Every signed-in user gets a fresh store.
 */
export function RelayProvider({ children }: RelayProviderProps) {
  const { epoch } = useSession();
  return (
    <RelayEnvironmentProvider environment={relayRuntimeFor(epoch).environment}>
      {children}
    </RelayEnvironmentProvider>
  );
}
