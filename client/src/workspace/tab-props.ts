/** What every Workspace Control tab gets from the route (its criteria it reads from the address). */
export interface TabProps {
  /** Changes after a failed fetch's retry, so the tab fetches again from the network. */
  retryKey: number;
}
