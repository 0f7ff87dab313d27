/** What every Workspace Control tab gets from the route. */
export interface TabProps {
  params: URLSearchParams;
  onNavigate(next: URLSearchParams): void;
  /** Changes after a failed fetch's retry, so the tab fetches again from the network. */
  retryKey: number;
}
