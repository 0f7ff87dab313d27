import type { PodException } from "../../../../common/driver.ts";

/*
 * Values of the driver contract (common/driver.ts) the app needs, without that module's zod
 * schemas (zod would add ~26 kB gzip to the driver bundle). driver-values.test.ts checks that
 * they equal the contract's.
 */
export const POD_EXCEPTIONS: readonly PodException[] = ["shortage", "damage", "refused"];
export const POD_EXCEPTION_LABELS: Record<PodException, string> = {
  shortage: "Shortage",
  damage: "Damage",
  refused: "Refused",
};
export const POD_RECEIVER_MAX = 120;
export const POD_NOTE_MAX = 1000;
