import { publicUser } from "../auth/account-json.ts";
import type { User } from "../generated/sqlite/client.ts";
import { accountStatusOf } from "./admin.ts";

export type AdminUserRow = User & {
  carrier?: { carrierId: string; carrierName: string } | null;
  _count?: { sessions: number };
};

/** A user as Workspace Control's REST list answers it: the public fields plus account state. */
export function adminUserJson(user: AdminUserRow) {
  return {
    ...publicUser(user),
    status: accountStatusOf(user),
    approvalStatus: user.approvalStatus,
    approvalNote: user.approvalNote,
    approvalDecidedAt: user.approvalDecidedAt?.toISOString() ?? null,
    disabledAt: user.disabledAt?.toISOString() ?? null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    ...(user.carrier !== undefined ? { carrier: user.carrier } : {}),
    ...(user._count ? { openSessions: user._count.sessions } : {}),
  };
}
