import { policy, type Viewer } from "../auth/policy.ts";
import type { LoadParties } from "../loads/parties.ts";

/**
 * Who may see and add a load's documents: operators, and on the carrier side the carrier company
 * the load went to and the carrier user who won it. Anyone else is told the load does not exist.
 */
export function mayUseLoadDocuments(
  viewer: Viewer | null,
  carrierId: string | null,
  load: LoadParties,
): boolean {
  if (viewer === null) return false;
  if (policy.isAdmin(viewer)) return true;
  if (load.assignedUserId !== null && load.assignedUserId === viewer.id) return true;
  return load.carrierId !== null && load.carrierId === carrierId;
}

/** The rate confirmation is the broker's own paper: carriers read it, only operators file it. */
export const OPERATOR_ONLY_TYPES: ReadonlySet<string> = new Set(["RATE_CONFIRMATION"]);
