/** Prisma's unique-constraint failure (P2002), whichever driver adapter raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
