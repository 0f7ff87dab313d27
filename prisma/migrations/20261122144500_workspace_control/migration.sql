-- AlterTable
ALTER TABLE "EmailWaitlist" ADD COLUMN "dismissedAt" DATETIME;
ALTER TABLE "EmailWaitlist" ADD COLUMN "invitedAt" DATETIME;

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN "ip" TEXT;

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "carrierId" TEXT,
    "tokenHash" TEXT NOT NULL,
    "invitedById" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "acceptedAt" DATETIME,
    "userId" TEXT,
    "revokedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "tempPasswordHash" TEXT,
    "tempPasswordExpiresAt" DATETIME,
    "role" TEXT NOT NULL DEFAULT 'CARRIER',
    "phoneNumber" TEXT,
    "fullName" TEXT,
    "companyName" TEXT,
    "contactPhone" TEXT,
    "mcDot" TEXT,
    "cargoTypes" TEXT,
    "experienceYears" INTEGER,
    "areasOfOperation" TEXT,
    "carrierId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "approvalStatus" TEXT NOT NULL DEFAULT 'approved',
    "approvalNote" TEXT,
    "approvalDecidedAt" DATETIME,
    "disabledAt" DATETIME,
    "lastSignInAt" DATETIME,
    CONSTRAINT "User_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_User" ("areasOfOperation", "cargoTypes", "carrierId", "companyName", "contactPhone", "createdAt", "email", "experienceYears", "fullName", "id", "mcDot", "passwordHash", "phoneNumber", "role", "tempPasswordExpiresAt", "tempPasswordHash", "updatedAt", "userId") SELECT "areasOfOperation", "cargoTypes", "carrierId", "companyName", "contactPhone", "createdAt", "email", "experienceYears", "fullName", "id", "mcDot", "passwordHash", "phoneNumber", "role", "tempPasswordExpiresAt", "tempPasswordHash", "updatedAt", "userId" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_userId_key" ON "User"("userId");
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE INDEX "User_carrierId_idx" ON "User"("carrierId");
CREATE INDEX "User_role_idx" ON "User"("role");
CREATE INDEX "User_approvalStatus_createdAt_idx" ON "User"("approvalStatus", "createdAt");
CREATE INDEX "User_createdAt_idx" ON "User"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Invitation_email_idx" ON "Invitation"("email");

-- CreateIndex
CREATE INDEX "Invitation_createdAt_idx" ON "Invitation"("createdAt");

-- CreateIndex
CREATE INDEX "EmailWaitlist_createdAt_idx" ON "EmailWaitlist"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_createdAt_idx" ON "AuditLog"("actorId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_action_createdAt_idx" ON "AuditLog"("action", "createdAt");
