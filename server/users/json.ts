import type { User } from "../generated/sqlite/client.ts";
import { accountStatusOf } from "./admin.ts";

/** The user as the spec's REST payloads carry it. */
export function publicUser(user: User) {
  return {
    _id: user.id,
    id: user.id,
    userId: user.userId,
    email: user.email,
    role: user.role,
    fullName: user.fullName,
    companyName: user.companyName,
    phoneNumber: user.phoneNumber,
    contactPhone: user.contactPhone,
    mcDot: user.mcDot,
    cargoTypes: user.cargoTypes,
    experienceYears: user.experienceYears,
    areasOfOperation: user.areasOfOperation,
    offerEmails: user.offerEmails,
    timeZone: user.timeZone,
    carrierId: user.carrierId,
    createdAt: user.createdAt.toISOString(),
  };
}

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
