import { CONFIRM_LOCK_HOURS } from "../../../common/offers.ts";

/** The client's mirror of the server's rule: details change only more than 12 hours before the start. */
export function confirmEditableAt(startDateTime: string, now = Date.now()): boolean {
  return new Date(startDateTime).getTime() - now > CONFIRM_LOCK_HOURS * 3_600_000;
}
