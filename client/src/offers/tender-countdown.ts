/** "59:12 left", "1 h 05 min left" or "Expired": the time left to accept a tender, from the clock. */
export function tenderTimeLeft(expiresAt: string, now = Date.now()): string {
  const left = new Date(expiresAt).getTime() - now;
  if (!(left > 0)) return "Expired";
  const totalSeconds = Math.ceil(left / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min left`;
  return `${minutes}:${String(seconds).padStart(2, "0")} left`;
}

/** The labels of the tender statuses, as the screens show them. */
export const TENDER_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};
