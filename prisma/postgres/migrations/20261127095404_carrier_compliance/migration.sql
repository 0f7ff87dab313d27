-- CreateTable
CREATE TABLE "CarrierCompliance" (
    "carrierId" TEXT NOT NULL,
    "authorityStatus" TEXT NOT NULL DEFAULT 'unknown',
    "authorityCheckedOn" TEXT,
    "authoritySource" TEXT,
    "insuranceCoverageCents" INTEGER,
    "insuranceDocumentId" TEXT,
    "insuranceVerifiedAt" TIMESTAMP(3),
    "w9DocumentId" TEXT,
    "w9VerifiedAt" TIMESTAMP(3),
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CarrierCompliance_pkey" PRIMARY KEY ("carrierId")
);

-- CreateTable
CREATE TABLE "ComplianceWarning" (
    "id" TEXT NOT NULL,
    "carrierId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "thresholdDays" INTEGER NOT NULL,
    "expiresOn" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ComplianceWarning_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ComplianceWarning_carrierId_idx" ON "ComplianceWarning"("carrierId");

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceWarning_documentId_thresholdDays_key" ON "ComplianceWarning"("documentId", "thresholdDays");

-- AddForeignKey
ALTER TABLE "CarrierCompliance" ADD CONSTRAINT "CarrierCompliance_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ComplianceWarning" ADD CONSTRAINT "ComplianceWarning_carrierId_fkey" FOREIGN KEY ("carrierId") REFERENCES "Carrier"("id") ON DELETE CASCADE ON UPDATE CASCADE;
