import type { User } from "../generated/sqlite/client.ts";

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
    carrierId: user.carrierId,
    createdAt: user.createdAt.toISOString(),
  };
}
