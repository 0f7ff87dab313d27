-- CreateTable
CREATE TABLE "CarrierCompliance" (
    "carrierId" TEXT NOT NULL PRIMARY KEY,
    "authorityStatus" TEXT NOT NULL DEFAULT 'unknown',
    "authorityCheckedOn" TEXT,
    "authoritySource" TEXT,
    "insuranceCoverageCents" INTEGER,
    "insuranceDocumentId" TEXT,
    "insuranceVerifiedAt" DATETIME,
    "w9DocumentId" TEXT,
    "w9VerifiedAt" DATETIME,
    "updatedById" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CarrierCompliance_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ComplianceWarning" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "carrierId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "thresholdDays" INTEGER NOT NULL,
    "expiresOn" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ComplianceWarning_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ComplianceWarning_carrierId_idx" ON "ComplianceWarning"("carrierId");

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceWarning_documentId_thresholdDays_key" ON "ComplianceWarning"("documentId", "thresholdDays");
